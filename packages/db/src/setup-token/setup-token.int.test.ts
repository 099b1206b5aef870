/** First-user setup links: stored as hashes, usable once, until they expire. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../common/tokens.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
// In the future: the TTL monitor would otherwise purge these records (purge dates follow T0) mid-test.
const T0 = new Date('2099-03-03T10:00:00Z');
const HOUR = 60 * 60 * 1000;
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeAll(async () => {
  t = await openTestDb({ clock: () => T0 });
});
afterAll(() => t.db.close());

describe('setup tokens', () => {
  it('stores only the hash, and a purge date a day after expiry', async () => {
    const token = await t.db.setupTokens.issue(HOUR);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const raw = await t.raw('setup_tokens').findOne({ tokenHash: hashToken(token) });
    expect(raw).toMatchObject({ createdAt: T0, expiresAt: at(HOUR), usedAt: null, purgeAt: at(25 * HOUR) });
    expect(JSON.stringify(raw)).not.toContain(token);
    const indexes = await t.raw('setup_tokens').indexes();
    expect(indexes.find((index) => 'purgeAt' in index.key)).toMatchObject({ expireAfterSeconds: 0 });
  });

  it('works once', async () => {
    const token = await t.db.setupTokens.issue(HOUR);
    expect(await t.db.setupTokens.consume(token, at(1))).toBe(true);
    expect(await t.db.setupTokens.consume(token, at(2))).toBe(false);
  });

  it('works once when several requests race with the same token', async () => {
    const token = await t.db.setupTokens.issue(HOUR);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.db.setupTokens.consume(token, at(1))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('refuses an expired or unknown token', async () => {
    const token = await t.db.setupTokens.issue(HOUR);
    expect(await t.db.setupTokens.consume(token, at(HOUR))).toBe(false);
    expect(await t.db.setupTokens.consume('unknown', at(1))).toBe(false);
    expect(await t.db.setupTokens.consume(token, at(HOUR - 1))).toBe(true);
  });
});
