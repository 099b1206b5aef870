import type { AccountUsage } from '@outreach/contract';
import { applyLimitSettings } from '@outreach/domain';
import { HttpError } from '../../http/http-error.js';
import type { UpdateAccountLimitsBody } from '../inputs.js';
import { definedOnly, requireAccount, type OperationContext } from '../context.js';
import { accountUsage } from './account-usage.js';

/** A tier read between the check and the write is rare; a few rounds settle it. */
const ATTEMPTS = 3;

/**
 * Sets some of the account's limits (null: back to the tier's default), each checked by the
 * domain against the ceiling of the account's tier: above it, a 400 naming the ceiling and the
 * tier, and nothing changes. The write is conditional on the tier checked against, so a tier read
 * meanwhile (the runner's) makes the change be checked again; after a few such rounds the answer
 * is a 409 (`version_conflict`, nothing changed). Answers like the limits endpoint.
 */
export async function updateAccountLimits(
  ctx: OperationContext,
  accountId: string,
  input: UpdateAccountLimitsBody,
): Promise<AccountUsage> {
  const patch = definedOnly(input);
  for (let attempt = 1; ; attempt += 1) {
    const current = await requireAccount(ctx, accountId);
    applyLimitSettings(current.tier, current.limitSettings, patch);
    const updated = await ctx.db.senderAccounts.updateLimitSettings(ctx.workspaceId, accountId, patch, {
      tier: current.tier,
    });
    if (updated) return accountUsage(ctx, updated);
    if (attempt >= ATTEMPTS) {
      throw new HttpError(
        409,
        `the tier of ${accountId} kept changing while its limits were set; nothing changed`,
        {
          code: 'version_conflict',
        },
      );
    }
  }
}
