import { describe, expect, it } from 'vitest';
import { PermanentNetworkError, TransientNetworkError } from '../network.errors.js';
import { createHttpNetwork } from './http-network.adapter.js';

/** A fetch that records the request and answers with a fixed response. */
function fakeFetch(status: number, body: string) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

describe('createHttpNetwork', () => {
  it('posts the action with its idempotency key and returns dates', async () => {
    const fake = fakeFetch(
      201,
      JSON.stringify({ invitationId: 'inv-1', sentAt: '2025-01-01T00:00:00.000Z' }),
    );
    const network = createHttpNetwork({ baseUrl: 'http://provider.test/', fetch: fake.fetch });

    const result = await network.sendInvitation({
      accountId: 'acc_1',
      publicIdentifier: 'jane doe',
      idempotencyKey: 'k-1',
    });

    expect(result).toEqual({ invitationId: 'inv-1', sentAt: new Date('2025-01-01T00:00:00.000Z') });
    const [call] = fake.calls;
    expect(call?.url).toBe('http://provider.test/v1/accounts/acc_1/invitations');
    expect(call?.init?.method).toBe('POST');
    expect(call?.init?.headers).toMatchObject({
      'Idempotency-Key': 'k-1',
      'content-type': 'application/json',
    });
    expect(JSON.parse(String(call?.init?.body))).toEqual({ publicIdentifier: 'jane doe' });
  });

  it('encodes the lead in the relationship path and passes the cursor and limit of a poll', async () => {
    const fake = fakeFetch(200, JSON.stringify({ publicIdentifier: 'a/b', relationship: 'none' }));
    const network = createHttpNetwork({ baseUrl: 'http://provider.test', fetch: fake.fetch });
    await network.getRelationship({ accountId: 'acc_1', publicIdentifier: 'a/b' });
    const polls = fakeFetch(200, JSON.stringify({ events: [], cursor: '4', hasMore: false }));
    await createHttpNetwork({ baseUrl: 'http://provider.test', fetch: polls.fetch }).pollEvents({
      accountId: 'acc_1',
      cursor: '3',
      limit: 10,
    });

    expect(fake.calls[0]?.url).toBe('http://provider.test/v1/accounts/acc_1/relationships/a%2Fb');
    expect(polls.calls[0]?.url).toBe('http://provider.test/v1/accounts/acc_1/events?cursor=3&limit=10');
  });

  it('treats a 2xx body that is not JSON as transient (likely cut short)', async () => {
    const network = createHttpNetwork({
      baseUrl: 'http://provider.test',
      fetch: fakeFetch(200, '{"events":').fetch,
    });

    await expect(network.pollEvents({ accountId: 'acc_1' })).rejects.toBeInstanceOf(TransientNetworkError);
  });

  it('treats a 2xx body of the wrong shape as permanent', async () => {
    const network = createHttpNetwork({
      baseUrl: 'http://provider.test',
      fetch: fakeFetch(200, '{"unexpected":true}').fetch,
    });

    await expect(network.pollEvents({ accountId: 'acc_1' })).rejects.toMatchObject({
      providerCode: 'invalid_response',
    });
    await expect(network.pollEvents({ accountId: 'acc_1' })).rejects.toBeInstanceOf(PermanentNetworkError);
  });
});
