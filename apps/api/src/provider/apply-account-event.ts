import type { AccountStatus } from '@outreach/domain';
import { transitionKeys } from '@outreach/domain';
import { asWorkspaceId, type Db, type StoredProviderEvent } from '@outreach/db';
import {
  classifyProviderRead,
  type AccountStatusEvent,
  type ProviderAccountEventStatus,
  type ProviderNetworkPort,
} from './provider-status-read.js';

/** Our account status for the provider's; null for passing states that change nothing. */
const STATUS_OF: Record<ProviderAccountEventStatus, AccountStatus | null> = {
  connected: 'connected',
  created: 'connected',
  reconnected: 'connected',
  disconnected: 'disconnected',
  deleted: 'disconnected',
  connecting: null,
  error: null,
};

/**
 * Applies a stored account-status report to the sender account the provider account holds. The
 * report only says that something changed: the account's current state is read from the provider
 * (webhooks come late, twice and out of order, so a CREDENTIALS report arriving after RECONNECTED
 * must not disconnect a working account), and that state is applied. ERROR and STOPPED stop work
 * on the account. When the provider cannot be read just then, the report is applied as it came,
 * except that an unconfirmed "connected" never brings an account back (it may be older than the
 * loss it seems to follow). Without any provider to ask (local runs and tests), reports are
 * applied as "latest wins". A lost session fires `network_account_disconnected` once per session
 * (the event names the session, is written before the status moves, and the outbox keeps one per
 * name); a session back makes the account's parked leads due. Returns false when no sender
 * account holds the provider account yet (the report stays in the inbox).
 */
export async function applyAccountStatusEvent(
  deps: { db: Db; productClock: () => Date; network?: ProviderNetworkPort | null },
  stored: StoredProviderEvent,
): Promise<boolean> {
  const event = stored.data as unknown as AccountStatusEvent;
  const account = await deps.db.senderAccounts.findByProviderAccountIdAcrossWorkspaces(
    stored.providerAccountId,
  );
  if (!account) return false;
  // Read first, so that a report of a lost session cannot be undone by an older "connected".
  const read = await classifyProviderRead(deps.network ?? null, stored.providerAccountId);
  const reported = STATUS_OF[event.status];
  const unconfirmed = deps.network != null && reported === 'connected';
  const status = read !== null ? read.status : unconfirmed ? null : reported;
  if (status === null) return true;
  const workspaceId = asWorkspaceId(account.workspaceId);
  const now = deps.productClock();
  const reason = read?.reason ?? `the network provider reported ${event.providerStatus}`;
  const result = await deps.db.senderAccounts.applyProviderState(
    workspaceId,
    account.id,
    { stateId: stored.id, status, reason },
    async (current) => {
      if (status !== 'disconnected') return;
      const session = current.connectedAt ?? current.createdAt;
      await deps.db.events.insert(workspaceId, {
        type: 'network_account_disconnected',
        transitionKey: transitionKeys.networkAccountDisconnected(current.id, session.toISOString()),
        timestamp: now,
        // A status report tells a lost session, not a restriction (the runner reports those).
        data: {
          accountId: current.id,
          name: current.name,
          reason,
          restrictionReason: null,
          disconnectedAt: now.toISOString(),
        },
      });
    },
  );
  if (result.changed && status === 'connected') {
    await deps.db.leads.wakeParkedBySender(workspaceId, account.id, now);
  }
  return true;
}
