/**
 * Exactly-once without idempotency keys: when an action's outcome is unknown (the provider acted
 * and the answer was lost, or it never acted), reconciliation tells which, so the caller sends
 * again only when nothing went out. The simulator does not de-duplicate: a blind retry would
 * send twice, which the first test shows.
 */
import { describe, expect, it } from 'vitest';
import { TransientNetworkError } from '../src/network.errors.js';
import { forceInboundMessage } from '../src/unipile-sim/sim-actions.js';
import { createUnipileNetwork } from '../src/unipile/unipile-network.adapter.js';
import { API_KEY, HOUR, MINUTE, simAccount, useUnipileSim } from './unipile-harness.js';

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const h = useUnipileSim();
const account = simAccount(3);
const pendingAt = () => new Date(h.clock().getTime());

describe('reconciliation of actions whose outcome is unknown', () => {
  it('the simulator acts again on a repeated message: only reconciliation prevents a duplicate', async () => {
    const lead = { publicIdentifier: 'dup-lead' };
    await h.network.sendInvitation({ accountId: account, lead });
    h.clock.advance(HOUR);
    await h.network.sendMessage({ accountId: account, lead, content: 'Same text', inmail: 'never' });
    await h.network.sendMessage({ accountId: account, lead, content: 'Same text', inmail: 'never' });
    expect(h.sim.state.log.list({ type: 'message' })).toHaveLength(2);
  });

  it('an invitation sent before the answer was lost reconciles as sent', async () => {
    const lead = { publicIdentifier: 'lost-answer' };
    const since = pendingAt();
    h.sim.state.faults.arm({ kind: 'server_error', operations: ['sendInvitation'], afterAction: true });
    await expect(h.network.sendInvitation({ accountId: account, lead })).rejects.toBeInstanceOf(
      TransientNetworkError,
    );
    expect(await h.network.reconcileInvitation({ accountId: account, lead, since })).toBe('sent');
    expect(h.sim.state.log.list({ type: 'invitation' })).toHaveLength(1);
  });

  it('an invitation that failed before acting reconciles as not sent', async () => {
    const lead = { publicIdentifier: 'never-acted' };
    const since = pendingAt();
    h.sim.state.faults.arm({ kind: 'server_error', operations: ['sendInvitation'] });
    await expect(h.network.sendInvitation({ accountId: account, lead })).rejects.toBeInstanceOf(
      TransientNetworkError,
    );
    expect(await h.network.reconcileInvitation({ accountId: account, lead, since })).toBe('not_sent');
    expect(h.sim.state.log.list({ type: 'invitation' })).toHaveLength(0);
  });

  it('an invitation already accepted reconciles as sent (the relation is there)', async () => {
    const lead = { publicIdentifier: 'accepted-fast' };
    const since = pendingAt();
    await h.network.sendInvitation({ accountId: account, lead });
    h.clock.advance(HOUR);
    await h.sim.flush();
    expect(await h.network.reconcileInvitation({ accountId: account, lead, since })).toBe('sent');
  });

  it('a message whose answer was lost reconciles as sent; another text or an older one does not count', async () => {
    const lead = { publicIdentifier: 'msg-lost' };
    await h.network.sendInvitation({ accountId: account, lead });
    h.clock.advance(HOUR);
    await h.network.sendMessage({ accountId: account, lead, content: 'Earlier text', inmail: 'never' });
    h.clock.advance(MINUTE);
    const since = pendingAt();
    h.sim.state.faults.arm({
      kind: 'timeout',
      operations: ['sendMessage'],
      afterAction: true,
      hangMs: 60_000,
    });
    const impatient = createUnipileNetwork({
      dsn: h.running.url,
      apiKey: API_KEY,
      clock: h.clock,
      timeoutMs: 3_000,
    });
    await expect(
      impatient.sendMessage({ accountId: account, lead, content: 'Step two', inmail: 'never' }),
    ).rejects.toBeInstanceOf(TransientNetworkError);
    // The simulator acted before hanging; wait for it explicitly rather than racing it.
    await until(() => h.sim.state.log.list({ type: 'message' }).length === 2);
    expect(await h.network.reconcileMessage({ accountId: account, lead, content: 'Step two', since })).toBe(
      'sent',
    );
    expect(await h.network.reconcileMessage({ accountId: account, lead, content: 'Step three', since })).toBe(
      'not_sent',
    );
    expect(
      await h.network.reconcileMessage({ accountId: account, lead, content: 'Earlier text', since }),
    ).toBe('not_sent');
  });

  it('a message to a lead with no chat at all reconciles as not sent', async () => {
    const lead = { publicIdentifier: 'no-chat' };
    expect(
      await h.network.reconcileMessage({ accountId: account, lead, content: 'Hi', since: pendingAt() }),
    ).toBe('not_sent');
  });

  it('a reply from the lead with the same text is not mistaken for our message', async () => {
    const lead = { publicIdentifier: 'echo-lead' };
    await h.network.sendInvitation({ accountId: account, lead });
    h.clock.advance(HOUR);
    const since = pendingAt();
    forceInboundMessage(h.sim.state, account, lead.publicIdentifier, 'Hello there');
    expect(
      await h.network.reconcileMessage({ accountId: account, lead, content: 'Hello there', since }),
    ).toBe('not_sent');
  });
});
