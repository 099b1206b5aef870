import { asWorkspaceId } from '@outreach/db';
import type { ProviderNetworkPort } from '@outreach/network';
import { HttpError } from '../http/http-error.js';
import { verifyConnectState } from './connect-state.js';
import { parseWebhookBody, storeProviderEvent, type IngestDeps } from './ingest-provider-event.js';

/**
 * The hosted-auth `notify_url` callback: the provider connected (or reconnected) an account. The
 * signed state in the URL names the sender account; the callback links it to the provider's
 * account id, connected and authenticated (a new session), and wakes the leads that waited for it.
 * The callback is stored first, like every provider event, and applied as "latest wins" with the
 * account-status reports. InMail follows what the provider says of the account, when it answers.
 */
export async function completeAccountLink(
  deps: IngestDeps & { realClock: () => Date; secret: string; network: ProviderNetworkPort | null },
  token: string,
  body: unknown,
): Promise<{ accountId: string; providerAccountId: string }> {
  // The state's expiry is HTTP time (real), like every signed link of ours.
  const state = verifyConnectState(token, deps.secret, deps.realClock());
  if (!state) {
    throw new HttpError(401, 'the connect state is missing, forged or expired', {
      code: 'invalid_connect_state',
    });
  }
  const event = parseWebhookBody(body, deps.productClock());
  if (event?.type !== 'account_linked' || event.name !== state.accountId) {
    throw new HttpError(400, 'invalid request: not the hosted-auth callback of this link', {
      code: 'validation_failed',
    });
  }
  const { event: stored } = await storeProviderEvent(deps, event);
  const workspaceId = asWorkspaceId(state.workspaceId);
  const result = await deps.db.senderAccounts.applyProviderState(workspaceId, state.accountId, {
    stateId: stored.id,
    status: 'connected',
    providerAccountId: event.accountId,
  });
  if (result.changed) {
    await deps.db.leads.wakeParkedBySender(workspaceId, state.accountId, deps.productClock());
    // The audit log's "sender connected": the person started it (`account.connect_started`); the
    // provider's callback is where it is done. Never fails the callback.
    await deps.db.auditLog
      .record({
        workspaceId,
        at: deps.realClock(),
        actor: { type: 'anonymous', id: null, label: 'network provider' },
        action: 'account.connected',
        target: { type: 'account', id: state.accountId },
        outcome: 'succeeded',
        details: { providerAccountId: event.accountId },
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'could not write the audit log'));
  }
  await deps.db.providerEvents.markConsumed(stored.id, deps.productClock());
  if (deps.network) {
    try {
      const status = await deps.network.getAccountStatus({ accountId: event.accountId });
      await deps.db.senderAccounts.update(workspaceId, state.accountId, {
        inmailAllowed: status.inmailAllowed,
      });
    } catch (error) {
      deps.logger.warn({ err: error, accountId: state.accountId }, 'account linked; InMail left as it was');
    }
  }
  return { accountId: state.accountId, providerAccountId: event.accountId };
}
