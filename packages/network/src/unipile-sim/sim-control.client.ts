import type { Fault, FaultSpec } from '../simulation/fault-injector.js';
import type { ReceivedAction, ReceivedFilter } from '../simulation/received-log.js';
import type { SimCall, SimCallFilter } from './sim-call-log.js';
import { SIM_CONTROL_PREFIX } from './sim-control-routes.js';
import type { SimAccountStanding } from './sim-control-views.js';
import type { SimAccount } from './sim-model.js';
import type { SimTier } from './sim-rules.js';
import type { WebhookDelivery } from './sim-webhook-pusher.js';

export interface UnipileSimControlClient {
  now(): Promise<Date>;
  upsertAccount(
    accountId: string,
    changes?: {
      name?: string;
      tier?: SimTier;
      premium?: boolean;
      inmailCredits?: number;
      status?: SimAccount['status'];
    },
  ): Promise<unknown>;
  /** A connected account of this tier; its id is returned (Unipile's form when none is given). */
  createAccount(input: { id?: string; name?: string; tier: SimTier }): Promise<{ id: string }>;
  /** The account's standing: restricted or not, why, and what it used today. */
  restriction(accountId: string): Promise<SimAccountStanding>;
  restrict(
    accountId: string,
    reason:
      | 'account_restricted'
      | 'action_required'
      | 'unknown_authentication_context'
      | 'disconnected_feature'
      | 'multiple_sessions',
  ): Promise<SimAccountStanding>;
  /** Every call the simulator received for accounts, reads included. */
  calls(filter?: SimCallFilter): Promise<SimCall[]>;
  expireSession(accountId: string): Promise<unknown>;
  reconnect(accountId: string): Promise<unknown>;
  sendInboundMessage(
    accountId: string,
    publicIdentifier: string,
    content: string,
  ): Promise<{ messageId: string; chatId: string }>;
  acceptInvitation(accountId: string, publicIdentifier: string): Promise<{ providerId: string }>;
  /** "A search for these keywords has `total` results": a pasted URL's keywords, or a body's `keywords`. */
  setSearchTotal(keywords: string, total: number): Promise<void>;
  /** A post's reactions and comments (`overlap` commenters also reacted; `fromKeywords`: people of that search). */
  setPost(input: {
    post: string;
    reactions: number;
    comments: number;
    overlap?: number;
    fromKeywords?: string;
  }): Promise<{ postId: string }>;
  /** A Sales Navigator lead list of the account (`fromKeywords`: the first `size` people of that search). */
  addLeadList(
    accountId: string,
    input: { name: string; size: number; fromKeywords?: string },
  ): Promise<{ id: string; name: string; size: number }>;
  armFault(spec: FaultSpec): Promise<Fault>;
  clearFaults(): Promise<void>;
  received(filter?: ReceivedFilter): Promise<ReceivedAction[]>;
  webhooks(): Promise<WebhookDelivery[]>;
  dropNextWebhooks(count: number): Promise<void>;
  setWebhookUrl(url: string | null): Promise<void>;
  flush(): Promise<void>;
  reset(): Promise<void>;
}

/**
 * Drives a Unipile simulator in another process through `/_sim` (demos, end-to-end and crash
 * tests: `received` is how duplicates are counted). In-process tests use the simulator's `state`.
 */
export function createUnipileSimControlClient(
  baseUrl: string | URL,
  fetchImpl: typeof globalThis.fetch = globalThis.fetch,
): UnipileSimControlClient {
  const root = `${String(baseUrl).replace(/\/+$/, '')}${SIM_CONTROL_PREFIX}`;
  const account = (accountId: string) => `/accounts/${encodeURIComponent(accountId)}`;

  async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const init: RequestInit = { method };
    if (body !== undefined) {
      init.headers = { 'content-type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    const response = await fetchImpl(`${root}${path}`, init);
    const text = await response.text();
    if (!response.ok)
      throw new Error(`simulator control ${method} ${path} failed with ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  const query = (filter: object) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filter))
      if (value !== undefined) params.set(key, String(value));
    const text = params.toString();
    return text ? `?${text}` : '';
  };

  return {
    now: async () => new Date((await send<{ now: string }>('GET', '/clock')).now),
    upsertAccount: (accountId, changes = {}) => send('PUT', account(accountId), changes),
    createAccount: (input) => send('POST', '/accounts', input),
    restriction: (accountId) => send('GET', `${account(accountId)}/restriction`),
    restrict: (accountId, reason) => send('POST', `${account(accountId)}/restriction`, { reason }),
    calls: async (filter = {}) => {
      const { since, until, ...rest } = filter;
      const text = query({ ...rest, since: since?.toISOString(), until: until?.toISOString() });
      return (await send<{ calls: SimCall[] }>('GET', `/calls${text}`)).calls;
    },
    expireSession: (accountId) => send('POST', `${account(accountId)}/session-expiry`),
    reconnect: (accountId) => send('POST', `${account(accountId)}/reconnect`),
    sendInboundMessage: (accountId, publicIdentifier, content) =>
      send('POST', `${account(accountId)}/inbound-messages`, { publicIdentifier, content }),
    acceptInvitation: (accountId, publicIdentifier) =>
      send('POST', `${account(accountId)}/acceptances`, { publicIdentifier }),
    setSearchTotal: async (keywords, total) => {
      await send('POST', '/searches', { keywords, total });
    },
    setPost: (input) => send('POST', '/posts', input),
    addLeadList: (accountId, input) => send('POST', `${account(accountId)}/lead-lists`, input),
    armFault: (spec) => send('POST', '/faults', spec),
    clearFaults: () => send('DELETE', '/faults'),
    received: async (filter = {}) =>
      (await send<{ actions: ReceivedAction[] }>('GET', `/received${query(filter)}`)).actions,
    webhooks: async () => (await send<{ deliveries: WebhookDelivery[] }>('GET', '/webhooks')).deliveries,
    dropNextWebhooks: (count) => send('POST', '/webhooks/drop', { count }),
    setWebhookUrl: (url) => send('PUT', '/webhooks/url', { url }),
    flush: () => send('POST', '/flush'),
    reset: () => send('POST', '/reset'),
  };
}
