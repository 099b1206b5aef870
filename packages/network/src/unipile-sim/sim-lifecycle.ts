import type { SimAccount } from './sim-model.js';
import type { UnipileSimState } from './sim-state.js';
import { accountStatusPayload } from './sim-webhook-payloads.js';

/**
 * A status webhook, late by up to `statusWebhookMaxDelayMs` and now and then sent twice, so two
 * changes close together may arrive out of order
 * (https://developer.unipile.com/docs/account-lifecycle: the status webhook is a notification of
 * a state, not an ordered log).
 */
export function emitStatusWebhook(
  state: UnipileSimState,
  account: SimAccount,
  message: string,
  key: string,
): void {
  const payload = accountStatusPayload(account, message);
  const { strict, statusWebhookMaxDelayMs: maxMs, statusWebhookDuplicateProbability: dup } = state.settings;
  const nowMs = state.now();
  const delay = (k: string) => (strict ? Math.floor(state.oracle.draw('status-delay', k) * maxMs) : 0);
  state.pushAt(nowMs + delay(key), { key, payload });
  if (strict && state.oracle.draw('status-duplicate', key) < dup) {
    const again = `${key}:again`;
    state.pushAt(nowMs + delay(again), { key: again, payload });
  }
}

/**
 * Sessions last about a month (https://developer.unipile.com/v2.0/docs/status-lifecycle: an
 * account whose session ends, or is not used for long, needs authenticating again); the end of an
 * older session is ignored.
 */
export function scheduleSessionEnd(state: UnipileSimState, account: SimAccount): void {
  if (!state.settings.strict) return;
  const { sessionLifetimeMs, sessionLifetimeJitterMs } = state.settings;
  const jitter =
    (state.oracle.draw('session', account.id, account.session) * 2 - 1) * sessionLifetimeJitterMs;
  const session = account.session;
  state.schedule(account.sessionStartedMs + sessionLifetimeMs + Math.round(jitter), () => {
    if (account.session === session && state.accounts.get(account.id) === account)
      state.expireSession(account.id, 'the LinkedIn session expired; reconnect the account');
  });
}
