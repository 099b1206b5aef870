import { expect } from 'vitest';
import { API_KEY, MINUTE, type SimHarness } from './unipile-harness.js';

/** A call answered by the simulator over plain HTTP, as any Unipile client sees it. */
export interface WireAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Plain HTTP to the simulated Unipile API (`X-API-KEY` set), so tests see the status and the body
 * exactly as the wire carries them, whatever the adapter makes of them.
 */
export function wire(h: SimHarness) {
  async function call(method: string, path: string, body?: unknown): Promise<WireAnswer> {
    const init: RequestInit = { method, headers: { 'X-API-KEY': API_KEY } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.headers = { 'X-API-KEY': API_KEY, 'content-type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    const response = await fetch(`${h.running.url}/api/v1${path}`, init);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const q = (accountId: string) => `account_id=${encodeURIComponent(accountId)}`;
  return {
    call,
    invite: (accountId: string, lead: string, note?: string) =>
      call('POST', '/users/invite', {
        account_id: accountId,
        provider_id: lead,
        ...(note === undefined ? {} : { message: note }),
      }),
    profile: (accountId: string, lead: string, extra = '') =>
      call('GET', `/users/${encodeURIComponent(lead)}?${q(accountId)}${extra}`),
    relations: (accountId: string) => call('GET', `/users/relations?${q(accountId)}`),
    account: (accountId: string) => call('GET', `/accounts/${encodeURIComponent(accountId)}`),
    inmailBalance: (accountId: string) => call('GET', `/linkedin/inmail_balance?${q(accountId)}`),
    startChat: (accountId: string, attendee: string, text: string, linkedin: Record<string, string> = {}) => {
      const form = new FormData();
      form.set('account_id', accountId);
      form.set('attendees_ids', attendee);
      form.set('text', text);
      for (const [key, value] of Object.entries(linkedin)) form.set(`linkedin[${key}]`, value);
      return call('POST', '/chats', form);
    },
  };
}

/** Unipile's RFC 7807 body for `errors/<reason>`, and nothing else (no retry hint). */
export function problemOf(status: number, reason: string) {
  return {
    object: 'Error',
    type: `errors/${reason}`,
    status,
    title: expectString,
    detail: expectString,
    instance: expectString,
  };
}

const expectString = expect.any(String) as unknown as string;

/** A gap of one to two minutes, varied, as a careful client spaces its writes. */
export function spaced(h: SimHarness, n: number): void {
  h.clock.advance(MINUTE + ((n * 7919) % 60) * 1_000);
}
