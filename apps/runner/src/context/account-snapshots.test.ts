import { describe, expect, it } from 'vitest';
import type { RunnerAccount } from '../store/runner-store.port.js';
import { createAccountSnapshots } from './account-snapshots.js';

function storeOf(accounts: Map<string, Partial<RunnerAccount>>) {
  let reads = 0;
  return {
    reads: () => reads,
    store: {
      async getAccount(_workspaceId: string, accountId: string) {
        reads += 1;
        const account = accounts.get(accountId);
        if (account === undefined) throw new Error('database unavailable');
        return account as RunnerAccount;
      },
    },
  };
}

describe('account snapshots', () => {
  it('read an account once for the leads of a pass, and again once it is older than the bound', async () => {
    let now = 0;
    const db = storeOf(new Map([['acc_1', { id: 'acc_1', status: 'connected' }]]));
    const snapshots = createAccountSnapshots(db.store, () => now, 30_000);
    await Promise.all([1, 2, 3].map(() => snapshots.get('ws', 'acc_1')));
    expect(db.reads()).toBe(1);
    now = 30_000;
    await snapshots.get('ws', 'acc_1');
    expect(db.reads()).toBe(2);
  });

  it('read again after a change this runner made, after a new pass, and after a failed read', async () => {
    const accounts = new Map([['acc_1', { id: 'acc_1', status: 'connected' } as Partial<RunnerAccount>]]);
    const db = storeOf(accounts);
    const snapshots = createAccountSnapshots(db.store, () => 0, 30_000);
    await snapshots.get('ws', 'acc_1');
    accounts.set('acc_1', { id: 'acc_1', status: 'restricted' });
    snapshots.forget('acc_1');
    expect((await snapshots.get('ws', 'acc_1'))?.status).toBe('restricted');
    accounts.set('acc_1', { id: 'acc_1', status: 'connected' });
    snapshots.clear();
    expect((await snapshots.get('ws', 'acc_1'))?.status).toBe('connected');

    accounts.delete('acc_1');
    snapshots.clear();
    await expect(snapshots.get('ws', 'acc_1')).rejects.toThrow('database unavailable');
    accounts.set('acc_1', { id: 'acc_1', status: 'connected' });
    expect((await snapshots.get('ws', 'acc_1'))?.status).toBe('connected');
  });

  it('answer what was read right before an action without reading it again', async () => {
    const db = storeOf(new Map());
    const snapshots = createAccountSnapshots(db.store, () => 0, 30_000);
    snapshots.remember({ id: 'acc_2', status: 'connected' } as RunnerAccount);
    expect((await snapshots.get('ws', 'acc_2'))?.status).toBe('connected');
    expect(db.reads()).toBe(0);
  });
});
