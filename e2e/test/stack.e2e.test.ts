// De-risks the product as a user meets it: `scripts/start.mjs` brings up MongoDB, the sandbox
// network, the API, the runner and the dispatcher as separate processes; through the typed client
// a campaign is built and started, and the test watches it run to the end on the sandbox network's
// compressed clock: invitations accepted, messages sent, replies arriving, conversations readable,
// analytics that add up, and signed webhooks delivered to a real local receiver.
import { createOutreachClient, unwrap, type OutreachClient } from '@outreach/client';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from './support/stack.js';
import { startReceiver, type ReceivedWebhook } from './support/webhook-receiver.js';

const LEADS = ['ada-lovelace', 'grace-hopper', 'alan-turing', 'edsger-dijkstra'];
const EVENT_TYPES = ['connection_request_accepted', 'message_received', 'campaign_completed'] as const;

let stack: RunningStack;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let client: OutreachClient;

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 150_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}\n${stack.output().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(async () => {
  receiver = await startReceiver();
  stack = await startStack({
    // A sandbox day lasts 3 s; every invitation is accepted and every message answered, quickly.
    DEMO_DAY_SECONDS: '3',
    ALREADY_CONNECTED_PROBABILITY: '0',
    ACCEPT_PROBABILITY: '1',
    ACCEPT_DELAY_MIN_MS: String(10 * 60_000),
    ACCEPT_DELAY_MAX_MS: String(60 * 60_000),
    REPLY_PROBABILITY: '1',
    REPLY_DELAY_MIN_MS: String(10 * 60_000),
    REPLY_DELAY_MAX_MS: String(60 * 60_000),
    REPLY_TEXTS: 'Sounds interesting, tell me more',
  });
  client = createOutreachClient({ baseUrl: stack.info.apiUrl, apiKey: stack.info.apiKey });
});

afterAll(async () => {
  // A stack that never came up has nothing to stop (its start already stopped what it began).
  const code = stack ? await stack.stop() : 0;
  await receiver?.close();
  expect(code).toBe(0);
});

describe('the whole service, started as separate processes', () => {
  it('runs a campaign end to end and reports it through the API and signed webhooks', async () => {
    const secrets = new Map<string, string>();
    for (const type of EVENT_TYPES) {
      const subscription = await unwrap(
        client.POST('/v1/hooks/subscribe', { body: { url: receiver.url, type } }),
      );
      secrets.set(subscription.id, subscription.secret);
    }

    const accounts = await unwrap(client.GET('/v1/accounts', {}));
    expect(accounts.items).toHaveLength(2);

    const campaign = await unwrap(
      client.POST('/v1/campaigns', {
        body: {
          name: 'End-to-end founders',
          settings: {
            timezone: 'UTC',
            workingHours: { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] },
          },
        },
      }),
    );
    const id = campaign.id;
    await unwrap(
      client.POST('/v1/campaigns/{campaignId}/senders', {
        params: { path: { campaignId: id } },
        body: { accountIds: accounts.items.map((account) => account.id) },
      }),
    );
    await unwrap(
      client.POST('/v1/campaigns/{id}/steps', {
        params: { path: { id } },
        body: { order: 0, type: 'invitation', genericBody: 'Hi {{firstName}}, glad to connect.' },
      }),
    );
    await unwrap(
      client.POST('/v1/campaigns/{id}/steps', {
        params: { path: { id } },
        body: { order: 1, type: 'visit_profile' },
      }),
    );
    const withMessage = await unwrap(
      client.POST('/v1/campaigns/{id}/steps', {
        params: { path: { id } },
        body: { order: 2, type: 'message', delay: 1, genericBody: 'Hello {{firstName}}' },
      }),
    );
    const messageStep = withMessage.steps.find((step) => step.type === 'message');
    const firstVariant = messageStep?.variants?.[0];
    if (!messageStep || !firstVariant) throw new Error('the message step has no default variant');
    await unwrap(
      client.PUT('/v1/campaigns/{id}/steps/{stepId}/variants/{variantId}', {
        params: { path: { id, stepId: messageStep.id, variantId: firstVariant.id } },
        body: { body: 'Hi {{firstName}}, how is {{companyName}} doing?' },
      }),
    );
    await unwrap(
      client.POST('/v1/campaigns/{id}/steps/{stepId}/variants', {
        params: { path: { id, stepId: messageStep.id } },
        body: { body: 'Hello {{firstName}}, a quick question about {{companyName}}.' },
      }),
    );
    // A screener follows a day later: a reply that arrives before it stops the lead (stopOnReply).
    await unwrap(
      client.POST('/v1/campaigns/{id}/steps', {
        params: { path: { id } },
        body: {
          order: 3,
          type: 'screener',
          delay: 1,
          genericBody: 'Would a call next week work, {{firstName}}?',
        },
      }),
    );
    const added = await unwrap(
      client.POST('/v1/campaigns/{campaignId}/leads', {
        params: { path: { campaignId: id } },
        body: {
          leads: LEADS.map((handle) => ({
            networkUrl: `https://www.linkedin.com/in/${handle}/`,
            firstName: handle.split('-')[0] ?? handle,
            companyName: 'Analytical Engines',
          })),
        },
      }),
    );
    expect(added).toMatchObject({ added: LEADS.length, duplicates: 0, blocked: 0 });

    const started = await unwrap(
      client.PUT('/v1/campaigns/{campaignId}/start', { params: { path: { campaignId: id } } }),
    );
    expect(started.success).toBe(true);

    // Every lead replies to the message before the screener is due: the campaign completes.
    const finished = await waitFor('the campaign to complete', async () => {
      const current = await unwrap(client.GET('/v1/campaigns/{id}', { params: { path: { id } } }));
      return current.status === 'completed' ? current : undefined;
    });
    expect(finished.progress).toBe(100);
    expect(finished.analytics).toMatchObject({
      acceptanceRate: 1,
      responseRate: 1,
      totalLeads: LEADS.length,
    });

    const leads = await unwrap(
      client.GET('/v1/campaigns/{campaignId}/leads', { params: { path: { campaignId: id } } }),
    );
    expect(leads.leads.map((lead) => [lead.status, lead.internalStatus])).toEqual(
      LEADS.map(() => ['completed', 'replied']),
    );

    const conversations = await unwrap(
      client.GET('/v1/conversations', { params: { query: { campaignId: id } } }),
    );
    expect(conversations.total).toBe(LEADS.length);
    const first = conversations.items[0];
    if (!first) throw new Error('no conversation');
    expect(first.unread).toBe(true);
    const conversation = await unwrap(
      client.GET('/v1/conversations/{conversationUrn}', {
        params: { path: { conversationUrn: first.conversationUrn } },
      }),
    );
    expect(conversation.messages.map((message) => message.sender)).toEqual(['account', 'lead']);
    expect(conversation.messages[0]?.content).toMatch(/^(Hi|Hello) \w+, .*Analytical Engines/);
    expect(conversation.messages[1]?.content).toBe('Sounds interesting, tell me more');
    await unwrap(
      client.POST('/v1/conversations/{conversationUrn}/mark-read', {
        params: { path: { conversationUrn: first.conversationUrn } },
      }),
    );
    const reread = await unwrap(
      client.GET('/v1/conversations', { params: { query: { campaignId: id, unread: true } } }),
    );
    expect(reread.total).toBe(LEADS.length - 1);

    // The whole run, on the compressed clock, fits in the longest window analytics answer.
    const startDate = finished.createdAt.slice(0, 10);
    const endDate = new Date(Date.parse(startDate) + 365 * 86_400_000).toISOString().slice(0, 10);
    const analytics = await unwrap(
      client.GET('/v1/campaigns/{campaignId}/analytics', {
        params: { path: { campaignId: id }, query: { startDate, endDate } },
      }),
    );
    expect(analytics.totals).toMatchObject({
      invitationsSent: LEADS.length,
      invitationsAccepted: LEADS.length,
      profileVisits: LEADS.length,
      messagesSent: LEADS.length,
      leadsReplied: LEADS.length,
      acceptanceRate: 1,
      responseRate: 1,
    });
    // The A/B split of the message step is even.
    const messageVariants = analytics.variants.filter((variant) => variant.stepId === messageStep.id);
    expect(messageVariants.map((variant) => variant.sent)).toEqual([LEADS.length / 2, LEADS.length / 2]);
    const daily = analytics.daily.reduce((sum, day) => sum + day.invitationsSent, 0);
    expect(daily).toBe(LEADS.length);

    // Webhooks: every delivery verifies with its subscription's secret.
    const deliveries = await waitFor('the webhooks', async () => {
      const types = receiver.received.map((hook) => (JSON.parse(hook.body) as { type: string }).type);
      const counts = (type: string) => types.filter((t) => t === type).length;
      const complete =
        counts('connection_request_accepted') >= LEADS.length &&
        counts('message_received') >= LEADS.length &&
        counts('campaign_completed') >= 1;
      return complete ? receiver.received : undefined;
    });
    for (const hook of deliveries) expect(verifies(hook, secrets)).toBe(true);
    const eventIds = deliveries.map((hook) => hook.headers['webhook-id']);
    expect(new Set(eventIds).size).toBe(eventIds.length);
  });
});

function verifies(hook: ReceivedWebhook, secrets: Map<string, string>): boolean {
  return [...secrets.values()].some((secret) => {
    try {
      new Webhook(secret).verify(hook.body, hook.headers);
      return true;
    } catch {
      return false;
    }
  });
}
