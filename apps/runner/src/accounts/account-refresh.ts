import { tierFromFeatures, inmailApiOf } from '@outreach/domain';
import { classifyNetworkFailure } from '../network-failures/classify-network-failure.js';
import { providerAccountOf } from './provider-account.js';
import type { RunnerContext } from '../context/runner-context.js';
import type { RunnerAccount } from '../store/runner-store.port.js';
import { recordSessionLoss } from './record-session-loss.js';
import { applyAccountEffects } from './account-safety.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Is the account's tier (and InMail balance) older than a day of product time, or never read? */
export function tierRefreshDue(account: Pick<RunnerAccount, 'tierCheckedAt'>, now: Date): boolean {
  return account.tierCheckedAt === null || now.getTime() - account.tierCheckedAt.getTime() >= DAY_MS;
}

/**
 * Reads the account's state at the provider and applies it: the provider's word, not the order in
 * which status webhooks arrived, decides. ERROR and STOPPED stop work on the account (it is
 * disconnected by the API, which reads the account on every status report); OK re-reads the tier from
 * the premium features and the InMail balance, so a new subscription (or a lost one) changes the
 * limits the same day.
 * These are reads of Unipile's own records (`account_read`), not of LinkedIn profiles.
 */
export async function refreshAccountState(ctx: RunnerContext, account: RunnerAccount): Promise<void> {
  const now = ctx.clock();
  const accountId = providerAccountOf(account);
  try {
    const status = await ctx.network.getAccountStatus({ accountId });
    // ERROR and STOPPED stop work on the account even when their status report was lost. A lost
    // session is learnt by the next call, with the provider's own reason.
    if (status.state === 'error' || status.state === 'stopped') {
      await recordSessionLoss(ctx, account, `the provider reports the account ${status.state}`, now);
      return;
    }
    if (status.state !== 'connected' || !status.authenticated) return;
    const tier = tierFromFeatures(status.premiumFeatures);
    // The tier sets the limits; whether InMail may be used stays the user's choice (the account's
    // `inmailAllowed`), bounded by the tier and the credits the balance shows.
    await ctx.store.setAccountTier(account.workspaceId, account.id, {
      tier,
      premiumFeatures: status.premiumFeatures,
      checkedAt: now,
    });
    if (inmailApiOf(tier) !== null) {
      const balance = await ctx.network.getInmailBalance({ accountId });
      await ctx.store.setInmailBalance(account.workspaceId, account.id, {
        classic: balance.classic,
        sales_navigator: balance.salesNavigator,
        recruiter: balance.recruiter,
        checkedAt: now,
      });
    }
  } catch (error) {
    const failure = classifyNetworkFailure(error);
    if (failure === null) throw error;
    await applyAccountEffects(ctx, account, failure, now);
    ctx.logger.warn(
      { accountId: account.id, failure: failure.kind },
      'account state not read; next look retries',
    );
  }
}
