/**
 * The simulator driven from another process through `/_sim`: what end-to-end and crash tests use
 * to script the network and to count what it received.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type UnipileSimControlClient,
  createUnipileSimControlClient,
} from '../src/unipile-sim/sim-control.client.js';
import { createUnipileSimulator } from '../src/unipile-sim/unipile-simulator.js';
import { START, simAccount, useUnipileSim } from './unipile-harness.js';

const h = useUnipileSim();
const account = simAccount(5);
let control: UnipileSimControlClient;

beforeAll(() => {
  control = createUnipileSimControlClient(h.running.url);
});

describe('simulator controls over HTTP', () => {
  it('scripts acceptances, replies, faults and drops, and lists what was received and delivered', async () => {
    expect(await control.now()).toEqual(new Date(START));
    const lead = { publicIdentifier: 'ctl-lead' };
    await h.network.sendInvitation({ accountId: account, lead });
    await control.dropNextWebhooks(1);
    await control.acceptInvitation(account, 'ctl-lead');
    await control.sendInboundMessage(account, 'ctl-lead', 'Got your invitation');
    await control.flush();
    expect((await control.webhooks()).map((d) => d.outcome)).toEqual(['dropped', 'delivered']);
    await control.armFault({ kind: 'rate_limit', accountId: account, operations: ['sendMessage'] });
    await expect(
      h.network.sendMessage({ accountId: account, lead, content: 'Hi', inmail: 'never' }),
    ).rejects.toMatchObject({
      code: 'provider_limit',
    });
    await h.network.sendMessage({ accountId: account, lead, content: 'Hi', inmail: 'never' });
    expect((await control.received({ accountId: account })).map((a) => a.type)).toEqual([
      'invitation',
      'message',
    ]);
    await control.expireSession(account);
    await expect(h.network.listRelations({ accountId: account })).rejects.toMatchObject({
      code: 'session_expired',
    });
    await control.reconnect(account);
    expect((await h.network.listRelations({ accountId: account })).items).toHaveLength(1);
  });
});

describe('deliberate webhook drops', () => {
  it('drops the same webhooks for the same seed, whatever else happens', async () => {
    const outcomes = async () => {
      const sim = createUnipileSimulator({
        seed: 'drops',
        webhookDropProbability: 0.5,
        webhookUrl: 'http://127.0.0.1:9/none',
        webhookMaxAttempts: 1,
        webhookRetryDelayMs: 0,
        statusWebhookMaxDelayMs: 0,
        statusWebhookDuplicateProbability: 0,
      });
      for (const name of ['d-a', 'd-b', 'd-c', 'd-d', 'd-e', 'd-f', 'd-g', 'd-h'])
        sim.state.expireSession(`${name}-account`);
      await sim.flush();
      return sim.webhooks.list().map((d) => d.outcome === 'dropped');
    };
    const first = await outcomes();
    expect(first).toContain(true);
    expect(first).toContain(false);
    expect(await outcomes()).toEqual(first);
  });
});
