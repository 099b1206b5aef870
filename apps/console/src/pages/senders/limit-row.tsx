import type { components } from '@outreach/client';
import { limitLabel, limitSource, type LimitKey } from './account-limits.js';

type LimitUsage = components['schemas']['LimitUsage'];
type AccountTier = components['schemas']['AccountTier'];

/** A meter of what is used out of what is allowed; the numbers beside it say the same in text. */
export function UsageMeter({ label, used, limit }: { label: string; used: number; limit: number }) {
  return (
    <meter
      min={0}
      max={Math.max(limit, 1)}
      value={used}
      low={limit * 0.7}
      high={limit * 0.9}
      optimum={0}
      aria-label={`${label}: ${used} of ${limit} used`}
    >
      {used} of {limit}
    </meter>
  );
}

/** One limit as a table row: used and left in its own window, the limit and where it comes from. */
export function LimitRow({
  limitKey,
  limit,
  tier,
}: {
  limitKey: LimitKey;
  limit: LimitUsage;
  tier: AccountTier;
}) {
  const label = limitLabel(limitKey);
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>
        <UsageMeter label={label} used={limit.used} limit={limit.limit} />
      </td>
      <td>{limit.used}</td>
      <td>{limit.limit === 0 ? 'off' : limit.left}</td>
      <td>{limit.limit}</td>
      <td>{limitSource(limit, tier)}</td>
    </tr>
  );
}
