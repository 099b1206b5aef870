/**
 * The webhooks of the strict simulator behave as Unipile documents them, not as a happy path:
 * new relations come up to 8 hours late and some never come, status webhooks come twice and out
 * of order, message webhooks may name no message or chat. New relations carry the member id and
 * the public identifier as LinkedIn spells it. Profiles carry their sections only when asked.
 */
import { describe, expect, it } from 'vitest';
import { forceInboundMessage } from '../src/unipile-sim/sim-actions.js';
import { DAY, HOUR, MINUTE, PREDICTABLE_SIM, simAccount, useUnipileSim } from './unipile-harness.js';
import { spaced, wire } from './unipile-sim-wire.js';

// The predictable network (every invitation accepted after an hour), with the documented webhook
// faults at their defaults.
const {
  relationWebhookMaxDelayMs: _delay,
  relationWebhookLossProbability: _loss,
  statusWebhookMaxDelayMs: _statusDelay,
  statusWebhookDuplicateProbability: _duplicate,
  nullMessageIdProbability: _nullIds,
  ...predictableNetwork
} = PREDICTABLE_SIM;
const h = useUnipileSim({ ...predictableNetwork, seed: 'webhook-faults' });
const api = wire(h);
const bodies = (event: string) => h.receiver.received.map((r) => r.body).filter((b) => b.event === event);

describe('new relations', () => {
  it('arrive up to 8 hours after the acceptance, and some never arrive, while the relations list has them all', async () => {
    const account = simAccount(80);
    for (let i = 0; i < 60; i++) {
      spaced(h, i);
      expect((await api.invite(account, `rel-${i}`)).status).toBe(201);
    }
    const lastAcceptance = h.clock().getTime() + HOUR;
    h.clock.set(new Date(lastAcceptance));
    await h.sim.flush();
    const onTime = bodies('new_relation').length;
    h.clock.advance(8 * HOUR);
    await h.sim.flush();
    const delivered = bodies('new_relation').length;
    expect(onTime).toBeLessThan(delivered);
    expect(delivered).toBeLessThan(60);
    expect(((await api.relations(account)).body.items as unknown[]).length).toBe(60);
    h.clock.advance(DAY);
    await h.sim.flush();
    expect(bodies('new_relation')).toHaveLength(delivered);
  });

  it('carry the member id and the public identifier as LinkedIn spells it, whatever case was typed', async () => {
    const account = simAccount(81);
    // With this seed, this relation's webhook is not one of those never sent.
    const profile = await api.profile(account, 'Katherine-Johnson-1918');
    expect(profile.body).toMatchObject({ public_identifier: 'katherine-johnson-1918' });
    await api.invite(account, 'Katherine-Johnson-1918');
    h.clock.advance(HOUR + 8 * HOUR);
    await h.sim.flush();
    expect(bodies('new_relation')).toEqual([
      expect.objectContaining({
        user_provider_id: profile.body.provider_id,
        user_public_identifier: 'katherine-johnson-1918',
      }),
    ]);
  });
});

describe('account status webhooks', () => {
  it('come late, some twice, so a reconnection may arrive before the loss it follows', async () => {
    const accounts = Array.from({ length: 12 }, (_, i) => simAccount(90 + i));
    for (const account of accounts) {
      h.sim.state.expireSession(account);
      h.sim.state.reconnect(account);
    }
    h.clock.advance(HOUR);
    await h.sim.flush();
    const seen = accounts.map((account) =>
      h.receiver.received
        .map((r) => r.body.AccountStatus as { account_id: string; message: string } | undefined)
        .filter((s) => s?.account_id === account)
        .map((s) => s?.message),
    );
    expect(seen.some((messages) => messages[0] === 'RECONNECTED')).toBe(true);
    expect(seen.some((messages) => messages.length > 2)).toBe(true);
    for (const messages of seen) expect(new Set(messages)).toEqual(new Set(['CREDENTIALS', 'RECONNECTED']));
  });
});

describe('message webhooks', () => {
  it('now and then name no message or no chat, while the messages list has every id', async () => {
    const account = simAccount(82);
    for (let i = 0; i < 60; i++) forceInboundMessage(h.sim.state, account, `talker-${i}`, `Hello ${i}`);
    await h.sim.flush();
    const messages = bodies('message_received');
    expect(messages).toHaveLength(60);
    expect(messages.some((m) => m.message_id === null)).toBe(true);
    expect(messages.some((m) => m.chat_id === null)).toBe(true);
    const listed = await api.call('GET', `/messages?account_id=${account}&limit=100`);
    const items = listed.body.items as { id: string | null; chat_id: string | null }[];
    expect(items).toHaveLength(60);
    expect(items.every((m) => typeof m.id === 'string' && typeof m.chat_id === 'string')).toBe(true);
  });
});

describe('profile sections', () => {
  it('company and summary come only with linkedin_sections, as on the real route', async () => {
    const account = simAccount(83);
    const bare = (await api.profile(account, 'ada-lovelace')).body;
    expect(bare).not.toHaveProperty('work_experience');
    expect(bare).not.toHaveProperty('summary');
    h.clock.advance(MINUTE);
    const full = (await api.profile(account, 'ada-lovelace', '&linkedin_sections=*')).body;
    expect(full.work_experience).toEqual([
      expect.objectContaining({ current: true, company: expect.any(String) }),
    ]);
    expect(full.summary).toEqual(expect.any(String));
    const experience = (await api.profile(account, 'ada-lovelace', '&linkedin_sections=experience')).body;
    expect(experience).toHaveProperty('work_experience');
    expect(experience).not.toHaveProperty('summary');
  });
});
