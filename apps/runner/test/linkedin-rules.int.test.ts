/**
 * De-risks what keeps a user's LinkedIn account out of a restriction, against the strict Unipile
 * simulator (which answers LinkedIn's limits and restrictions the way a real account sees them and
 * records every call it receives): polls a few times a day, every profile retrieval charged to a
 * budget, limit answers that rest the account without closing a lead, a restricted account that
 * stops at once, the free tier's note rules, InMail by the tier's product and credits, our own
 * credentials refused without blaming any account, ERROR reported by the provider, random pacing.
 */
import { createUnipileNetwork } from '@outreach/network';
import { describe, expect, it } from 'vitest';
import { startHealthServer } from '../src/health-server.js';
import { createDbRunnerStore } from '../src/store/db-runner.store.js';
import type { RunnerStore } from '../src/store/runner-store.port.js';
import { networkWith } from './support/network-interference.js';
import {
  allLeads,
  allLeadsDone,
  DAY,
  drive,
  eventsOf,
  HOUR,
  MINUTE,
  MONDAY_TEN_AM,
  seedScenario,
  startWorld,
  step,
  type World,
} from './support/runner-harness.js';

let world: World;

const sim = () => world.sandbox.simulator;
const callsOf = (accountId: string, kind?: 'write' | 'profile_read' | 'list_read') =>
  sim().calls({ accountId, ...(kind ? { kind } : {}) });

async function passesFor(runner: ReturnType<World['runner']>, span: number, jump: number) {
  const end = world.clock().getTime() + span;
  while (world.clock().getTime() < end) {
    await runner.runOnce();
    world.clock.advance(jump);
    await sim().flush();
  }
}

describe('the reconciliation poll', () => {
  it('reads an account a few times a day, not every minute', async () => {
    world = await startWorld({}, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 0, steps: [step('visit_profile')] });
    const runner = world.runner({ reconcilePollsPerDay: 4 });

    await passesFor(runner, 2 * DAY, 5 * MINUTE);

    // Two lists (relations, messages) of one page each per poll; four polls a day, ±25% jitter.
    const listReads = callsOf(scenario.accountId, 'list_read');
    expect(listReads.length).toBeGreaterThanOrEqual(2 * 2 * 3);
    expect(listReads.length).toBeLessThanOrEqual(2 * 2 * 6);
  });
});

describe('profile retrievals', () => {
  it("are charged to the account's daily budget whatever reads them, and the leads wait past it", async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: 6,
      steps: [step('visit_profile')],
      limits: { profileRetrievalsPerDay: 4 } as never,
    });
    const runner = world.runner({ pacing: { minGapMinutes: 0, maxGapMinutes: 0 } });

    for (let pass = 0; pass < 6; pass += 1) {
      await runner.runOnce();
      world.clock.advance(10 * MINUTE);
    }

    expect(callsOf(scenario.accountId, 'profile_read')).toHaveLength(4);
    const leads = await allLeads(world, scenario);
    expect(leads.filter((lead) => lead.internalStatus === 'awaiting_budget').length).toBeGreaterThan(0);
    expect(leads.every((lead) => lead.status !== 'error')).toBe(true);
  });

  it('are not spent to ask whether a lead who accepted the invitation is a connection', async () => {
    world = await startWorld({}, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: 2,
      steps: [step('invitation'), step('message', { delay: 1, bodies: ['Thanks for connecting'] })],
    });
    // Each relationship read is a profile retrieval, from the account's daily allowance.
    const asked: string[] = [];
    const network = networkWith(world.network, {
      getRelationship(input) {
        asked.push(input.lead.publicIdentifier);
        return world.network.getRelationship(input);
      },
    });

    await drive(world, scenario, [world.runner({}, { network })], {
      until: allLeadsDone(world, scenario),
      maxDays: 5,
    });

    expect(world.sandbox.state.log.list().map((action) => action.type)).toEqual([
      'invitation',
      'invitation',
      'message',
      'message',
    ]);
    // Once each, to confirm the acceptance the network reported; not again before the message.
    expect(asked.sort()).toEqual(['lead-0', 'lead-1']);
  });
});

describe("a lead's member id", () => {
  it('is kept even when the step that looked it up is held back (no second look-up)', async () => {
    world = await startWorld({ alreadyConnectedProbability: 0 }, MONDAY_TEN_AM);
    // Not connected, and no InMail from this account: each message step is held after its look-up.
    const scenario = await seedScenario(world, { leads: 3, steps: [step('message')], inmailAllowed: false });
    const runner = world.runner({ pacing: { minGapMinutes: 0, maxGapMinutes: 0 } });

    await runner.runOnce();
    const held = await allLeads(world, scenario);
    expect(held.map((lead) => lead.internalStatus)).toEqual(Array(3).fill('awaiting_connection'));
    expect(held.every((lead) => lead.providerId !== null)).toBe(true);
    expect(callsOf(scenario.accountId, 'profile_read')).toHaveLength(3);
  });
});

describe("LinkedIn's weekly invitation cap", () => {
  it('rests the account until its week ends, and closes no lead', async () => {
    world = await startWorld({ weeklyInvitationLimit: 2 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 4, steps: [step('invitation')] });
    const runner = world.runner({ pacing: { minGapMinutes: 0, maxGapMinutes: 0 } });

    for (let pass = 0; pass < 4; pass += 1) {
      await runner.runOnce();
      world.clock.advance(10 * MINUTE);
    }

    expect(world.sandbox.state.log.list({ type: 'invitation' })).toHaveLength(2);
    const account = await world.db.senderAccounts.get(scenario.workspaceId, scenario.accountId);
    expect(account?.cooldownUntil).toEqual(new Date('2099-03-09T00:00:00.000Z'));
    expect(account?.cooldownReason).toBe('provider_limit:invitations');
    const leads = await allLeads(world, scenario);
    expect(leads.filter((lead) => lead.status === 'completed' || lead.status === 'error')).toEqual([]);
    expect(leads.map((lead) => lead.internalStatus).sort()).toEqual([
      'awaiting_capacity',
      'awaiting_capacity',
      'invitation_pending',
      'invitation_pending',
    ]);
  });
});

describe('a restricted account', () => {
  it('stops at once, tells the user once with the reason, and its leads wait until it is reconnected', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 3, steps: [step('visit_profile')] });
    const { accountId, workspaceId } = scenario;
    const state = sim().state;
    state.restrict(state.account(accountId), {
      status: 403,
      reason: 'account_restricted',
      detail: 'LinkedIn restricted this account',
    });
    const runner = world.runner({ pacing: { minGapMinutes: 0, maxGapMinutes: 0 } });

    for (let pass = 0; pass < 4; pass += 1) {
      await runner.runOnce();
      world.clock.advance(2 * HOUR);
    }

    const account = await world.db.senderAccounts.get(workspaceId, accountId);
    expect([account?.status, account?.restriction?.reason]).toEqual(['restricted', 'account_restricted']);
    const events = await eventsOf(world, scenario, 'network_account_disconnected');
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ accountId, restrictionReason: 'account_restricted' }),
    ]);
    // One call learnt the restriction; nothing was asked of the account after it.
    expect(callsOf(accountId).filter((call) => call.status === 403)).toHaveLength(1);
    const leads = await allLeads(world, scenario);
    expect(leads.map((lead) => [lead.status, lead.internalStatus])).toEqual([
      ['waiting', 'sender_restricted'],
      ['waiting', 'sender_restricted'],
      ['waiting', 'sender_restricted'],
    ]);

    // The user resolves it on LinkedIn and reconnects: what the API's reconnect route does.
    state.reconnect(accountId);
    await world.db.senderAccounts.setStatus(workspaceId, accountId, 'connected');
    await world.db.leads.wakeParkedBySender(workspaceId, accountId, world.clock());
    await drive(world, scenario, [runner], {
      until: async () => (await allLeads(world, scenario)).every((lead) => lead.status === 'completed'),
      maxDays: 2,
    });
    expect(world.sandbox.state.log.list({ type: 'profile_visit' })).toHaveLength(3);
  });
});

describe('a free account', () => {
  it('sends notes of at most 200 characters on 5 invitations a month, the rest without a note', async () => {
    world = await startWorld({}, MONDAY_TEN_AM);
    const note = 'Hello {{firstName}}, ' + 'x'.repeat(150);
    const scenario = await seedScenario(world, {
      leads: 7,
      tier: 'free',
      steps: [step('invitation', { genericBody: note })],
    });
    sim().state.setTier(sim().state.account(scenario.accountId), 'free');
    const runner = world.runner({ pacing: { minGapMinutes: 0, maxGapMinutes: 0 } });

    await drive(world, scenario, [runner], {
      until: async () => world.sandbox.state.log.list({ type: 'invitation' }).length === 7,
      maxDays: 5,
    });

    const invitations = world.sandbox.state.log.list({ type: 'invitation' });
    expect(invitations.filter((invitation) => invitation.note !== null)).toHaveLength(5);
    expect(invitations.every((invitation) => (invitation.note ?? '').length <= 200)).toBe(true);
    expect(callsOf(scenario.accountId).filter((call) => call.status >= 400)).toEqual([]);
  });
});

describe('InMail', () => {
  it("goes through the tier's own product and stops, without closing the lead, when the credits run out", async () => {
    world = await startWorld({ inmailCredits: 2 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: 3,
      tier: 'sales_navigator',
      inmailAllowed: true,
      steps: [step('message', { bodies: ['Hello {{firstName}}'] })],
    });
    sim().state.setTier(sim().state.account(scenario.accountId), 'sales_navigator');
    const runner = world.runner({ pacing: { minGapMinutes: 0, maxGapMinutes: 0 } });

    for (let pass = 0; pass < 5; pass += 1) {
      await runner.runOnce();
      world.clock.advance(10 * MINUTE);
    }

    // Two InMails through Sales Navigator (a classic InMail would be refused on this tier), then
    // the third lead waits for a connection instead of burning a refused call again and again.
    expect(world.sandbox.state.log.list({ type: 'inmail' })).toHaveLength(2);
    const leads = await allLeads(world, scenario);
    expect(leads.filter((lead) => lead.status === 'error')).toEqual([]);
    expect(leads.filter((lead) => lead.internalStatus === 'awaiting_connection')).toHaveLength(1);
    const refused = callsOf(scenario.accountId, 'write').filter((call) => call.status >= 400);
    expect(refused.length).toBeLessThanOrEqual(1);
  });
  it('is not tried from an account whose balance shows no credit left: the lead waits for the connection', async () => {
    world = await startWorld({ inmailCredits: 0, defaultInmailAllowed: true }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: 1,
      inmailAllowed: true,
      start: false,
      steps: [step('message', { bodies: ['Hello {{firstName}}'] })],
    });
    const runner = world.runner();
    await runner.runOnce(); // reads the account's state, its InMail balance with it
    await world.db.campaigns.transitionStatus(scenario.workspaceId, scenario.campaignId, {
      from: ['draft'],
      to: 'active',
    });

    await runner.runOnce();

    // The balance said none: no InMail is sent for LinkedIn to refuse.
    expect(callsOf(scenario.accountId, 'write')).toEqual([]);
    const [lead] = await allLeads(world, scenario);
    expect([lead?.status, lead?.internalStatus]).toEqual(['waiting', 'awaiting_connection']);
  });
});

describe('our own provider credentials refused', () => {
  it('halt provider work, mark no account, and make the runner not ready', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 2, steps: [step('visit_profile')] });
    const { client: _client, ...wrongKey } = createUnipileNetwork({
      dsn: world.url,
      apiKey: 'not-our-key',
      clock: world.clock,
      validateResponses: 'error',
    });
    const runner = world.runner({}, { network: wrongKey });

    await runner.runOnce();
    await runner.runOnce();

    expect(runner.haltedBecause()).toMatch(/credentials|unauthorized/i);
    const account = await world.db.senderAccounts.get(scenario.workspaceId, scenario.accountId);
    expect([account?.status, account?.authenticated, account?.restriction]).toEqual([
      'connected',
      true,
      null,
    ]);
    expect(await eventsOf(world, scenario, 'network_account_disconnected')).toEqual([]);
    const leads = await allLeads(world, scenario);
    expect(leads.every((lead) => lead.status === 'waiting' || lead.status === 'active')).toBe(true);

    const health = await startHealthServer(0, '127.0.0.1', {
      notReadyBecause: async () => {
        const halted = runner.haltedBecause();
        return halted === null ? null : `provider credentials refused: ${halted}`;
      },
    });
    try {
      const address = health.server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'not_ready' });
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      await health.close();
    }
  });
});

describe('a 500 on a sensitive call', () => {
  it('rests the account until the next day, then resumes without sending twice', async () => {
    world = await startWorld({}, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 1, steps: [step('invitation')] });
    sim().state.faults.arm({
      kind: 'server_error',
      status: 500,
      operations: ['sendInvitation'],
      afterAction: true,
    });
    const runner = world.runner();

    await runner.runOnce();

    const account = await world.db.senderAccounts.get(scenario.workspaceId, scenario.accountId);
    expect(account?.cooldownUntil).toEqual(new Date('2099-03-03T00:00:00.000Z'));
    expect(account?.cooldownReason).toBe('provider_error');
    await drive(world, scenario, [runner], {
      until: async () =>
        (await allLeads(world, scenario)).every(
          (lead) => lead.internalStatus === 'invitation_pending' || lead.status === 'completed',
        ),
      maxDays: 2,
    });
    // The first attempt acted before its answer was lost: the resumed one found it and sent nothing.
    expect(world.sandbox.state.log.list({ type: 'invitation' })).toHaveLength(1);
    const sent = world.sandbox.state.log.list({ type: 'invitation' })[0];
    expect(sent?.at).toBe('2099-03-02T10:00:00.000Z');
  });
});

describe('an account the provider reports in ERROR', () => {
  it('stops, with the reason, even when the status webhook is lost', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 1, steps: [step('visit_profile')] });
    const state = sim().state;
    state.setStatus(state.account(scenario.accountId), 'ERROR');
    const runner = world.runner();

    await runner.runOnce();
    await runner.runOnce();

    const account = await world.db.senderAccounts.get(scenario.workspaceId, scenario.accountId);
    expect([account?.status, account?.disconnectReason]).toEqual([
      'disconnected',
      'the provider reports the account error',
    ]);
    expect(world.sandbox.state.log.list()).toEqual([]);
  });
});

describe('pacing', () => {
  it('spaces the writes of an account by random gaps of minutes, never a fixed interval', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 6, steps: [step('message', { bodies: ['Hi'] })] });
    const runner = world.runner();

    await drive(world, scenario, [runner], {
      until: async () => world.sandbox.state.log.list({ type: 'message' }).length === 6,
      maxDays: 2,
      maxJumpMs: 20 * MINUTE,
    });

    const times = world.sandbox.state.log.list({ type: 'message' }).map((sent) => Date.parse(sent.at));
    const gaps = times.slice(1).map((at, i) => at - (times[i] ?? at));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(2 * MINUTE);
    expect(new Set(gaps).size).toBeGreaterThan(3);
  });

  it("holds the account's next leads without a profile retrieval once its gate is found taken by another runner", async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 3, steps: [step('message', { bodies: ['Hi'] })] });
    // Another runner takes the account's gate just before this one's first try, after this one read
    // the account for its pass (which still shows the gate open).
    const base = createDbRunnerStore(world.db);
    let raced = false;
    const store: RunnerStore = {
      ...base,
      async takePacingSlot(workspaceId, accountId, now, gapMs) {
        if (!raced) {
          raced = true;
          await base.takePacingSlot(workspaceId, accountId, now, gapMs);
        }
        return base.takePacingSlot(workspaceId, accountId, now, gapMs);
      },
    };

    await world.runner({ concurrency: 1 }, { store }).runOnce();

    expect(world.sandbox.state.log.list()).toEqual([]);
    // Only the first lead's look-up was spent (before its step met the gate); the account was read
    // again for the next leads, which waited for the gate without reading a profile.
    expect(callsOf(scenario.accountId, 'profile_read')).toHaveLength(1);
    const leads = await allLeads(world, scenario);
    expect(leads.every((lead) => lead.nextActionAt !== null && lead.nextActionAt > world.clock())).toBe(true);
  });
});
