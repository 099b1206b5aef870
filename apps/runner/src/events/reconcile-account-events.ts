import { classifyNetworkFailure } from '../network-failures/classify-network-failure.js';
import { providerAccountOf } from '../accounts/provider-account.js';
import type { RunnerContext } from '../context/runner-context.js';
import type { RunnerAccount } from '../store/runner-store.port.js';
import { messageRecord, relationRecord } from './provider-event-records.js';
import { applyAccountEffects } from '../accounts/account-safety.js';

/**
 * Pages read per list per poll; the rest waits for the next poll. Each page is a list read from
 * the account's daily budget; two pages of relations cover far more than a few hours of
 * acceptances at any permitted pace.
 */
const MAX_PAGES = 2;
/** How far back a poll looks (product time): a day, since polls are a few hours apart. */
const LOOK_BACK_MS = 24 * 60 * 60_000;

/**
 * The reconciliation poll of one account: the relations and messages the provider lists since the
 * last poll are stored as the provider events their webhooks would have been (same ids, so a
 * webhook that did arrive adds nothing). It catches what a lost or late webhook missed, including
 * while the ingestion route was down. Returns how many new events it stored.
 */
export async function reconcileAccountEvents(ctx: RunnerContext, account: RunnerAccount): Promise<number> {
  const now = ctx.clock();
  const accountId = providerAccountOf(account);
  const since = new Date(now.getTime() - LOOK_BACK_MS);
  let stored = 0;
  try {
    let cursor: string | null = null;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const relations = await ctx.network.listRelations({ accountId, ...(cursor ? { cursor } : {}) });
      for (const relation of relations.items) {
        if (await ctx.store.recordProviderEvent(relationRecord(accountId, relation, now))) stored += 1;
      }
      // Newest first: once a page reaches back past the last poll, older pages were seen then.
      const oldest = relations.items.at(-1)?.connectedAt;
      cursor = relations.cursor;
      if (cursor === null || oldest === undefined || oldest < since) break;
    }
    cursor = null;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const messages = await ctx.network.listRecentMessages({
        accountId,
        since,
        ...(cursor ? { cursor } : {}),
      });
      for (const message of messages.items) {
        // The account's own messages tell the runner nothing a reconciliation does not.
        if (message.fromAccount) continue;
        if (await ctx.store.recordProviderEvent(messageRecord(accountId, message, now))) stored += 1;
      }
      cursor = messages.cursor;
      if (cursor === null) break;
    }
  } catch (error) {
    const failure = classifyNetworkFailure(error);
    if (failure === null) throw error;
    await applyAccountEffects(ctx, account, failure, now);
    ctx.logger.warn(
      { accountId: account.id, failure: failure.kind },
      'reconciliation poll failed; next one retries',
    );
    return stored;
  }
  if (stored > 0)
    ctx.logger.info({ accountId: account.id, stored }, 'reconciliation found events no webhook brought');
  return stored;
}
