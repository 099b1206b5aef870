/**
 * What a campaign's CSV export reads: its leads a page at a time in the order they were added, the
 * custom variable names its leads use, and when each lead last replied; all within one workspace.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace, seedCampaign } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
let ws: WorkspaceId;
let other: WorkspaceId;

beforeAll(async () => {
  t = await openTestDb();
  ws = await newWorkspace(t.db);
  other = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

it('pages through a campaign’s leads in the order they were added, from any lead on', async () => {
  const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 7 });
  await seedCampaign(t.db, ws, { leads: 3 });
  const seen: string[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await t.db.leadExports.page(ws, campaign.id, after, 3);
    if (page.length === 0) break;
    seen.push(...page.map((lead) => lead.id));
    after = page.at(-1)?.id ?? null;
  }
  expect(seen).toEqual(leads.map((lead) => lead.id));
  expect(await t.db.leadExports.page(other, campaign.id, null)).toEqual([]);
});

it('names every custom variable the campaign’s leads have, sorted, and no other campaign’s', async () => {
  const { campaign } = await seedCampaign(t.db, ws);
  await t.db.leads.addMany(ws, campaign.id, [
    { publicIdentifier: 'ada', customVariables: { region: 'EU', event: 'Summit' } },
    { publicIdentifier: 'grace', customVariables: { event: 'Expo', budget: '10k' } },
    { publicIdentifier: 'alan' },
  ]);
  const { campaign: elsewhere } = await seedCampaign(t.db, ws);
  await t.db.leads.addMany(ws, elsewhere.id, [{ publicIdentifier: 'x', customVariables: { secret: '1' } }]);
  expect(await t.db.leadExports.customVariableNames(ws, campaign.id)).toEqual(['budget', 'event', 'region']);
  expect(await t.db.leadExports.customVariableNames(other, campaign.id)).toEqual([]);
});

it('tells when each lead last replied, leaving out those that never did', async () => {
  const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 3 });
  const [first, second, third] = leads;
  if (!first || !second || !third) throw new Error('three leads expected');
  const reply = (leadId: string, occurredAt: Date, key: string) =>
    t.db.actions.record(ws, {
      campaignId: campaign.id,
      leadId,
      type: 'reply_received',
      idempotencyKey: key,
      occurredAt,
    });
  await reply(first.id, new Date('2025-06-02T10:00:00Z'), 'r1');
  await reply(first.id, new Date('2025-06-04T10:00:00Z'), 'r2');
  await reply(second.id, new Date('2025-06-03T10:00:00Z'), 'r3');
  const replied = await t.db.leadExports.lastRepliedAt(ws, [first.id, second.id, third.id]);
  expect(Object.fromEntries(replied)).toEqual({
    [first.id]: new Date('2025-06-04T10:00:00Z'),
    [second.id]: new Date('2025-06-03T10:00:00Z'),
  });
  expect((await t.db.leadExports.lastRepliedAt(other, [first.id])).size).toBe(0);
});
