/**
 * Limits set while the runner reads the account's tier: the change is checked against the tier
 * and written only if the tier is still that one. A tier that changes between every check and
 * its write (the runner reads it right there each time) must end in the documented 409, not a
 * 500; one that changes once is checked again and taken.
 */
import type { AccountUsage } from '@outreach/contract';
import { asWorkspaceId, type Db } from '@outreach/db';
import type { AccountTier } from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import { createAccount, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

/** How many more limit writes find a new tier read just before them. */
let tierReadsBeforeWrite = 0;

function tierReadBeforeEachWrite(db: Db): Db {
  const senderAccounts = new Proxy(db.senderAccounts, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'updateLimitSettings' || typeof value !== 'function') return value;
      return async (...args: Parameters<Db['senderAccounts']['updateLimitSettings']>) => {
        if (tierReadsBeforeWrite > 0) {
          tierReadsBeforeWrite -= 1;
          const [workspaceId, id, , expected] = args;
          // The runner's tier reading lands between the check and the write.
          const tier: AccountTier = expected.tier === 'free' ? 'premium' : 'free';
          await db.senderAccounts.setTier(workspaceId, id, { tier, checkedAt: new Date() });
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { ...db, senderAccounts } as Db;
}

const app = useTestApp({ wrapDb: tierReadBeforeEachWrite });
const ws = useWorkspace(app);

describe('setting limits while the tier keeps changing', () => {
  it('answers 409 version_conflict with nothing changed', async () => {
    const account = await createAccount(ws.api);
    tierReadsBeforeWrite = 100;
    const answer = await ws.api.patch(`/v1/accounts/${account.id}/limits`, { messagesPerDay: 10 });
    tierReadsBeforeWrite = 0;
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ statusCode: 409, code: 'version_conflict' });
    const limits = await ws.api.get<AccountUsage>(`/v1/accounts/${account.id}/limits`);
    expect(limits.body.limits.messagesPerDay.userSetting).toBeNull();
  });

  it('checks the change again against a tier read once meanwhile, and takes it', async () => {
    const account = await createAccount(ws.api);
    tierReadsBeforeWrite = 1;
    const answer = await ws.api.patch<AccountUsage>(`/v1/accounts/${account.id}/limits`, {
      messagesPerDay: 10,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.limits.messagesPerDay.userSetting).toBe(10);
    const stored = await app.db.senderAccounts.get(asWorkspaceId(ws.workspaceId), account.id);
    expect(stored?.tier).toBe('premium');
  });
});
