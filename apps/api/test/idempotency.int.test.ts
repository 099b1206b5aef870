/**
 * Idempotency-Key over HTTP: a request retried with the same key is carried out once, whether the
 * repeats arrive together or after the answer; the stored answer (errors included) is replayed with
 * `Idempotent-Replayed: true`; the key is the API key's own; misuse is refused with the documented
 * statuses; a request whose instance died after creating its campaign, before storing its answer,
 * is answered by its retry with that campaign. The data layer is wrapped so a test can hold a
 * request mid-way, fail it once, or lose its answer; the test moves HTTP time on past a lock.
 */
import type { Campaign, CampaignPage } from '@outreach/contract';
import { asWorkspaceId, type Db } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.js';
import { createWorkspace, unknownId } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';
import { IDEMPOTENCY_LOCK_REAL_MS } from '../src/http/idempotency.middleware.js';

/** While set, creating a campaign waits for this promise: the request stays in flight. */
let holdCreate: Promise<void> | null = null;
/** Set when a creation reached the hold, i.e. its request holds its key by then. */
let createHeld = false;
/** Creations left to fail with an unexpected error (a 500). */
let failCreates = 0;
/**
 * Answers left to be lost before they are stored, as when the instance dies right after the
 * creation: the key stays claimed (in flight) with the campaign stored.
 */
let loseAnswers = 0;
/** How far HTTP time is ahead of the real clock (to let a lock run out). */
let realSkewMs = 0;

function controllableDb(db: Db): Db {
  const campaigns = new Proxy(db.campaigns, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'create' || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        if (holdCreate) {
          createHeld = true;
          await holdCreate;
        }
        if (failCreates > 0) {
          failCreates -= 1;
          throw new Error('storage unavailable');
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const idempotencyKeys = new Proxy(db.idempotencyKeys, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'complete' || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        if (loseAnswers > 0) {
          loseAnswers -= 1;
          throw new Error('the instance died before storing the answer');
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { ...db, campaigns, idempotencyKeys };
}

const app = useTestApp({
  wrapDb: controllableDb,
  realClock: () => new Date(Date.now() + realSkewMs),
});

const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

async function campaignCount(api: ApiClient): Promise<number> {
  return (await api.get<CampaignPage>('/v1/campaigns')).body.total;
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let round = 0; round < 500; round += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not met in time');
}

describe('repeating a request with the same Idempotency-Key', () => {
  it('carries out concurrent duplicates once: the others get 409 or the replayed answer', async () => {
    const ws = await createWorkspace(app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        ws.api.post<Campaign>('/v1/campaigns', { name: 'Once' }, withKey('k-1')),
      ),
    );
    const fresh = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === null);
    expect(fresh).toHaveLength(1);
    for (const answer of answers) {
      if (answer === fresh[0]) continue;
      if (answer.status === 409) expect(answer.body).toMatchObject({ code: 'idempotency_key_in_use' });
      else {
        expect(answer.status).toBe(201);
        expect(answer.headers.get('idempotent-replayed')).toBe('true');
        expect(answer.body).toEqual(fresh[0]?.body);
      }
    }
    expect(await campaignCount(ws.api)).toBe(1);
  });

  it('replays the stored answer after completion, with the header and without a second campaign', async () => {
    const ws = await createWorkspace(app);
    const first = await ws.api.post<Campaign>('/v1/campaigns', { name: 'Replayed' }, withKey('k-2'));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await ws.api.post<Campaign>('/v1/campaigns', { name: 'Replayed' }, withKey('k-2'));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await campaignCount(ws.api)).toBe(1);
    // Without the key the same body creates another campaign, as before.
    expect((await ws.api.post('/v1/campaigns', { name: 'Replayed' })).status).toBe(201);
    expect(await campaignCount(ws.api)).toBe(2);
  });

  it('treats a reordered body as the same request', async () => {
    const ws = await createWorkspace(app);
    const settings = { timezone: 'Europe/Berlin', invitationTimeoutDays: 14 };
    const first = await ws.api.post('/v1/campaigns', { name: 'Ordered', settings }, withKey('k-order'));
    const reordered = await ws.api.post(
      '/v1/campaigns',
      { settings: { invitationTimeoutDays: 14, timezone: 'Europe/Berlin' }, name: 'Ordered' },
      withKey('k-order'),
    );
    expect(reordered.headers.get('idempotent-replayed')).toBe('true');
    expect(reordered.body).toEqual(first.body);
  });

  it('answers 409 while the first request is still being processed, then replays its answer', async () => {
    const ws = await createWorkspace(app);
    let release = () => {};
    createHeld = false;
    holdCreate = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const first = ws.api.post<Campaign>('/v1/campaigns', { name: 'Slow' }, withKey('k-slow'));
      await until(() => Promise.resolve(createHeld));
      const during = await ws.api.post('/v1/campaigns', { name: 'Slow' }, withKey('k-slow'));
      expect(during.status).toBe(409);
      expect(during.body).toMatchObject({ statusCode: 409, code: 'idempotency_key_in_use' });
      release();
      holdCreate = null;
      expect((await first).status).toBe(201);
    } finally {
      release();
      holdCreate = null;
    }
    const after = await ws.api.post('/v1/campaigns', { name: 'Slow' }, withKey('k-slow'));
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(await campaignCount(ws.api)).toBe(1);
  });
});

describe('a request whose instance died between the creation and storing its answer', () => {
  it('is answered by a retry after the lock with the campaign it created, and nothing new is stored', async () => {
    const ws = await createWorkspace(app);
    loseAnswers = 1;
    // The campaign is stored, its answer is not: the key stays held as a dead instance leaves it.
    // (The client happens to hear the answer here; after a real crash it hears nothing.)
    const first = await ws.api.post<Campaign>('/v1/campaigns', { name: 'Crashed' }, withKey('k-crash'));
    expect(first.status).toBe(201);
    expect(loseAnswers).toBe(0);
    expect((await ws.api.post('/v1/campaigns', { name: 'Crashed' }, withKey('k-crash'))).status).toBe(409);

    // Once the lock runs out, the retry takes the key over and finds the first campaign.
    realSkewMs += IDEMPOTENCY_LOCK_REAL_MS + 1_000;
    const retried = await ws.api.post<Campaign>('/v1/campaigns', { name: 'Crashed' }, withKey('k-crash'));
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(first.body);
    expect(await campaignCount(ws.api)).toBe(1);
    // Its answer is stored this time: a further repeat is replayed.
    const again = await ws.api.post<Campaign>('/v1/campaigns', { name: 'Crashed' }, withKey('k-crash'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await campaignCount(ws.api)).toBe(1);
  });
});

describe('misuse of a key', () => {
  it('refuses the same key with a different body with 422 and changes nothing', async () => {
    const ws = await createWorkspace(app);
    await ws.api.post('/v1/campaigns', { name: 'Original' }, withKey('k-3'));
    const other = await ws.api.post('/v1/campaigns', { name: 'Different' }, withKey('k-3'));
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ statusCode: 422, code: 'idempotency_key_reused' });
    expect(await campaignCount(ws.api)).toBe(1);
  });

  it('refuses a key over 255 characters with 400 and accepts one of 255', async () => {
    const ws = await createWorkspace(app);
    const tooLong = await ws.api.post('/v1/campaigns', { name: 'Long' }, withKey('k'.repeat(256)));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ statusCode: 400, code: 'invalid_idempotency_key' });
    expect(await campaignCount(ws.api)).toBe(0);
    expect((await ws.api.post('/v1/campaigns', { name: 'Long' }, withKey('k'.repeat(255)))).status).toBe(201);
  });

  it('keeps keys per API key: another key with the same Idempotency-Key is processed on its own', async () => {
    const ws = await createWorkspace(app);
    const second = await app.db.apiKeys.create(asWorkspaceId(ws.workspaceId), { name: 'second' });
    const secondApi = ws.api.withKey(second.plaintext);
    await ws.api.post('/v1/campaigns', { name: 'Shared key' }, withKey('k-4'));
    const fromSecond = await secondApi.post('/v1/campaigns', { name: 'Other body' }, withKey('k-4'));
    expect(fromSecond.status).toBe(201);
    expect(fromSecond.headers.get('idempotent-replayed')).toBeNull();
    expect(await campaignCount(ws.api)).toBe(2);
  });
});

describe('answers that are kept', () => {
  it('stores a 4xx and replays it, even once the cause is gone', async () => {
    const ws = await createWorkspace(app);
    const campaignId = unknownId('cmp');
    const path = `/v1/campaigns/${campaignId}/leads`;
    const body = { leads: [{ publicIdentifier: 'ada' }] };
    const first = await ws.api.post(path, body, withKey('k-404'));
    expect(first.status).toBe(404);
    const again = await ws.api.post(path, body, withKey('k-404'));
    expect(again.status).toBe(404);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('does not keep a 500: the retry with the same key is processed', async () => {
    const ws = await createWorkspace(app);
    failCreates = 1;
    const failed = await ws.api.post('/v1/campaigns', { name: 'Flaky' }, withKey('k-500'));
    expect(failed.status).toBe(500);
    const retried = await ws.api.post('/v1/campaigns', { name: 'Flaky' }, withKey('k-500'));
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await campaignCount(ws.api)).toBe(1);
  });

  it('covers DELETEs with a body too', async () => {
    const ws = await createWorkspace(app);
    await ws.api.post('/v1/blocked-leads', { leads: [{ publicIdentifier: 'ada' }] });
    const blocks = await ws.api.get<Array<{ id: string }>>('/v1/blocked-leads');
    const ids = blocks.body.map((block) => block.id);
    const first = await ws.api.delete('/v1/blocked-leads', ids, withKey('k-del'));
    expect(first.status).toBe(200);
    const again = await ws.api.delete('/v1/blocked-leads', ids, withKey('k-del'));
    // Without the key the repeat would be a 404 (the blocks are gone); with it, the first answer.
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });
});
