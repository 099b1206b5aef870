import { classifyNetworkFailure } from '../network-failures/classify-network-failure.js';
import { providerAccountOf } from '../leads/provider-lead.js';
import type { RunnerContext } from '../runner/runner-context.js';
import type { RunnerAccount } from '../store/runner-store.port.js';
import { messageRecord, relationRecord } from './provider-event-records.js';
import { recordSessionLoss } from './record-session-loss.js';

/** Pages read per list per poll; the rest waits for the next poll. */
const MAX_PAGES = 5;
/** How far back the first poll of a process looks (product time). */
const FIRST_LOOK_BACK_MS = 7 * 24 * 60 * 60_000;
/** Overlap between polls, for facts the provider dates a little before it lists them. */
const OVERLAP_MS = 60 * 60_000;

/** When each account was last reconciled (product time), kept by the runner process. */
export type ReconcileMarks = Map<string, Date>;

/**
 * The reconciliation poll of one account: the relations and messages the provider lists since the
 * last poll are stored as the provider events their webhooks would have been (same ids, so a
 * webhook that did arrive adds nothing). It catches what a lost or late webhook missed, including
 * while the ingestion route was down. Returns how many new events it stored.
 */
export async function reconcileAccountEvents(
  ctx: RunnerContext,
  account: RunnerAccount,
  marks: ReconcileMarks,
): Promise<number> {
  const now = ctx.clock();
  const accountId = providerAccountOf(account);
  const last = marks.get(account.id) ?? new Date(now.getTime() - FIRST_LOOK_BACK_MS);
  const since = new Date(last.getTime() - OVERLAP_MS);
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
    if (failure.kind === 'session_expired') await recordSessionLoss(ctx, account, failure.reason, now);
    ctx.logger.warn(
      { accountId: account.id, failure: failure.kind },
      'reconciliation poll failed; next one retries',
    );
    return stored;
  }
  marks.set(account.id, now);
  if (stored > 0)
    ctx.logger.info({ accountId: account.id, stored }, 'reconciliation found events no webhook brought');
  return stored;
}
