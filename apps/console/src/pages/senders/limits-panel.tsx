import { useCan } from '../../api/session.js';
import type { components } from '@outreach/client';
import { dateTime } from '../../lib/format.js';
import { LIMIT_KEYS, TIER_NAMES } from './account-limits.js';
import { EditLimitForm } from './edit-limit-form.js';
import { InvitationsPanel } from './invitations-panel.js';
import { LimitRow, UsageMeter } from './limit-row.js';

type AccountUsage = components['schemas']['AccountUsage'];

const CALL_KINDS: Array<[keyof AccountUsage['calls'], string]> = [
  ['write', 'Writes (invitations, messages, InMails, withdrawals)'],
  ['profileRead', 'Profile reads'],
  ['listRead', 'List reads (relations, chats, messages)'],
  ['searchResults', 'Search results (lead imports: searches, lead lists, post engagers)'],
];

/** An account's tier, each limit used and left, today's call budgets, InMail credits; edit one. */
export function LimitsPanel({ name, usage }: { name: string; usage: AccountUsage }) {
  const canConfigure = useCan('workspace:configure');
  const balance = usage.inmailBalance;
  return (
    <>
      <p>
        LinkedIn tier: <strong>{TIER_NAMES[usage.tier]}</strong>{' '}
        {usage.tierCheckedAt
          ? `(read from LinkedIn ${dateTime(usage.tierCheckedAt)})`
          : '(not read from LinkedIn yet: held to the free tier until it is)'}
      </p>
      <table>
        <caption>Limits of {name}</caption>
        <thead>
          <tr>
            <th scope="col">Limit</th>
            <th scope="col">Usage</th>
            <th scope="col">Used</th>
            <th scope="col">Left</th>
            <th scope="col">Limit</th>
            <th scope="col">Set by</th>
          </tr>
        </thead>
        <tbody>
          {LIMIT_KEYS.map((key) => (
            <LimitRow key={key} limitKey={key} limit={usage.limits[key]} tier={usage.tier} />
          ))}
        </tbody>
      </table>
      <table>
        <caption>LinkedIn calls of {name} today</caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Usage</th>
            <th scope="col">Used</th>
            <th scope="col">Left</th>
            <th scope="col">Budget</th>
          </tr>
        </thead>
        <tbody>
          {CALL_KINDS.map(([kind, label]) => {
            const call = usage.calls[kind];
            return (
              <tr key={kind}>
                <th scope="row">{label}</th>
                <td>
                  <UsageMeter label={`${label} today`} used={call.used} limit={call.budget} />
                </td>
                <td>{call.used}</td>
                <td>{call.left}</td>
                <td>{call.budget}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>
        InMail credits:{' '}
        {balance
          ? `${
              [
                ['Classic', balance.classic],
                ['Sales Navigator', balance.salesNavigator],
                ['Recruiter', balance.recruiter],
              ]
                .filter(([, credits]) => credits !== null)
                .map(([product, credits]) => `${credits} ${product}`)
                .join(', ') || 'none on this account'
            } (read ${dateTime(balance.checkedAt)})`
          : 'not read from LinkedIn yet'}
      </p>
      <InvitationsPanel name={name} usage={usage} />
      {canConfigure && <EditLimitForm accountId={usage.accountId} name={name} usage={usage} />}
    </>
  );
}
