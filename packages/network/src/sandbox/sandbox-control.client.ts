import type { WireEvent } from '../wire/provider-wire.schema.js';
import { SANDBOX_CONTROL_PREFIX } from './control-routes.js';
import type { Fault, FaultSpec } from './fault-injector.js';
import type { ReceivedAction, ReceivedFilter } from './received-log.js';
import type { SandboxAccountView } from './sandbox-account.js';

export interface SandboxControlClient {
  now(): Promise<Date>;
  upsertAccount(accountId: string, changes?: { inmailAllowed?: boolean }): Promise<SandboxAccountView>;
  getAccount(accountId: string): Promise<SandboxAccountView>;
  expireSession(accountId: string, reason?: string): Promise<SandboxAccountView>;
  reconnect(accountId: string): Promise<SandboxAccountView>;
  sendInboundMessage(accountId: string, publicIdentifier: string, content: string): Promise<WireEvent>;
  acceptInvitation(accountId: string, publicIdentifier: string): Promise<WireEvent>;
  armFault(spec: FaultSpec): Promise<Fault>;
  listFaults(): Promise<Fault[]>;
  clearFaults(): Promise<void>;
  received(filter?: ReceivedFilter): Promise<ReceivedAction[]>;
  reset(): Promise<void>;
}

/**
 * Drives a sandbox running in another process through its `/_sandbox` endpoints (demos, end-to-end
 * tests). In-process tests can use the `state` handle of `createSandboxNetwork` instead.
 */
export function createSandboxControlClient(
  baseUrl: string | URL,
  fetchImpl: typeof globalThis.fetch = globalThis.fetch,
): SandboxControlClient {
  const root = `${String(baseUrl).replace(/\/+$/, '')}${SANDBOX_CONTROL_PREFIX}`;
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
      throw new Error(`sandbox control ${method} ${path} answered ${response.status}: ${text}`);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  return {
    now: async () => new Date((await send<{ now: string }>('GET', '/clock')).now),
    upsertAccount: (accountId, changes = {}) => send('PUT', account(accountId), changes),
    getAccount: (accountId) => send('GET', account(accountId)),
    expireSession: (accountId, reason) =>
      send('POST', `${account(accountId)}/session-expiry`, reason === undefined ? {} : { reason }),
    reconnect: (accountId) => send('POST', `${account(accountId)}/reconnect`),
    sendInboundMessage: (accountId, publicIdentifier, content) =>
      send('POST', `${account(accountId)}/inbound-messages`, { publicIdentifier, content }),
    acceptInvitation: (accountId, publicIdentifier) =>
      send('POST', `${account(accountId)}/acceptances`, { publicIdentifier }),
    armFault: (spec) => send('POST', '/faults', spec),
    listFaults: async () => (await send<{ items: Fault[] }>('GET', '/faults')).items,
    clearFaults: () => send('DELETE', '/faults'),
    received: async (filter = {}) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(filter))
        if (value !== undefined) query.set(name, String(value));
      const search = query.toString() === '' ? '' : `?${query.toString()}`;
      return (await send<{ items: ReceivedAction[] }>('GET', `/received${search}`)).items;
    },
    reset: () => send('POST', '/reset'),
  };
}
