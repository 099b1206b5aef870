/**
 * De-risks reproducible demos and tests: with one seed the network decides the same connections,
 * acceptances, delays, replies and ids whatever order the calls come in; another seed differs.
 */
import { describe, expect, it } from 'vitest';
import type { NetworkEvent } from '../src/network.port.js';
import type { SandboxNetworkOptions } from '../src/sandbox/sandbox-network.js';
import { DAY, HOUR, accountId, startSandbox } from './sandbox-harness.js';

const MIXED: SandboxNetworkOptions = {
  seed: 'reproducible',
  alreadyConnectedProbability: 0.3,
  acceptProbability: 0.5,
  acceptDelayMinMs: HOUR,
  acceptDelayMaxMs: 3 * DAY,
  replyProbability: 0.5,
  replyDelayMinMs: HOUR,
  replyDelayMaxMs: 2 * DAY,
  replyTexts: ['yes', 'no', 'maybe', 'later'],
};
const senders = [accountId(20), accountId(21)];
const leads = Array.from({ length: 24 }, (_, i) => `lead-${i}`);

/** Runs a small campaign in the given order and returns everything the network decided. */
async function runCampaign(options: SandboxNetworkOptions, order: 'forward' | 'backward') {
  const h = await startSandbox(options);
  try {
    const pairs = senders.flatMap((sender) => leads.map((lead) => ({ sender, lead })));
    const ordered = order === 'forward' ? pairs : [...pairs].reverse();
    const relationships: Record<string, string> = {};
    for (const { sender, lead } of ordered) {
      const relationship = await h.network.getRelationship({ accountId: sender, publicIdentifier: lead });
      relationships[`${sender}/${lead}`] = relationship;
      if (relationship === 'none') {
        await h.network.sendInvitation({
          accountId: sender,
          publicIdentifier: lead,
          idempotencyKey: `${sender}/${lead}/inv`,
        });
      }
    }
    h.clock.advance(3 * DAY);
    for (const { sender, lead } of ordered) {
      if ((await h.network.getRelationship({ accountId: sender, publicIdentifier: lead })) !== 'connected')
        continue;
      await h.network.sendMessage({
        accountId: sender,
        publicIdentifier: lead,
        content: 'Hi',
        inmail: false,
        idempotencyKey: `${sender}/${lead}/msg`,
      });
    }
    h.clock.advance(2 * DAY);
    const events: NetworkEvent[] = [];
    for (const sender of order === 'forward' ? senders : [...senders].reverse()) {
      events.push(...(await h.network.pollEvents({ accountId: sender, limit: 500 })).events);
    }
    events.sort((x, y) => x.id.localeCompare(y.id));
    return { relationships, events };
  } finally {
    await h.running.close();
  }
}

describe('reproducibility', () => {
  it('decides the same outcomes for the same seed whatever the call order', async () => {
    const forward = await runCampaign(MIXED, 'forward');
    const backward = await runCampaign(MIXED, 'backward');

    expect(backward).toEqual(forward);
    const kinds = new Set(forward.events.map((e) => e.type));
    expect(kinds).toEqual(new Set(['invitation_accepted', 'message_received']));
    expect(new Set(Object.values(forward.relationships))).toEqual(new Set(['connected', 'none']));
  });

  it('decides differently with another seed', async () => {
    const one = await runCampaign(MIXED, 'forward');
    const other = await runCampaign({ ...MIXED, seed: 'another' }, 'forward');

    expect(other.relationships).not.toEqual(one.relationships);
    expect(other.events.map((e) => e.id)).not.toEqual(one.events.map((e) => e.id));
  });
});
