/**
 * The even spread of not-started leads over a campaign's senders (max - min <= 1) whatever the
 * interleaving of imports and sender assignments sent together over HTTP. The database holds an
 * import's insert until the racing request is done, so the interleaving that leaves leads on a
 * stale sender list happens every run instead of once in a while.
 */
import type { CampaignLeadPage } from '@outreach/contract';
import { asWorkspaceId, type Db } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import { addLeads, createAccount, createCampaign, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

/** Inserts of imported leads wait here while the test holds them. */
const held = { count: 0, gate: Promise.resolve() };
let release = (): void => {};

function holdingImports(db: Db): Db {
  const leads = new Proxy(db.leads, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'addMany' || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        held.count += 1;
        await held.gate;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { ...db, leads } as Db;
}

const app = useTestApp({ wrapDb: holdingImports });
const ws = useWorkspace(app);

/** Holds every import's insert from now until `release()`. */
function holdImports(): void {
  held.count = 0;
  held.gate = new Promise<void>((resolve) => {
    release = resolve;
  });
}

async function waitForHeld(count: number): Promise<void> {
  while (held.count < count) await new Promise((resolve) => setTimeout(resolve, 5));
}

async function spreadOf(
  campaignId: string,
): Promise<{ senders: string[]; perSender: Map<string | null, number> }> {
  const senders =
    (await app.db.campaigns.get(asWorkspaceId(ws.workspaceId), campaignId))?.networkAccounts ?? [];
  const leads = (await ws.api.get<CampaignLeadPage>(`/v1/campaigns/${campaignId}/leads?limit=100`)).body
    .leads;
  const perSender = new Map<string | null, number>();
  for (const lead of leads) perSender.set(lead.accountId, (perSender.get(lead.accountId) ?? 0) + 1);
  return { senders, perSender };
}

function expectEven({ senders, perSender }: Awaited<ReturnType<typeof spreadOf>>): void {
  expect([...perSender.keys()].sort()).toEqual([...senders].sort());
  const counts = [...perSender.values()];
  expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
}

const leadsNamed = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, n) => ({ publicIdentifier: `${prefix}-${n}` }));

describe('an import racing a sender assignment', () => {
  it('leaves the leads spread over the new sender too, though it read the old list', async () => {
    const [first, second] = [await createAccount(ws.api), await createAccount(ws.api)];
    const campaign = await createCampaign(ws.api);
    await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [first.id] });
    await addLeads(
      ws.api,
      campaign.id,
      leadsNamed('before', 12).map((lead) => lead.publicIdentifier),
    );

    holdImports();
    const importing = ws.api.post(`/v1/campaigns/${campaign.id}/leads`, { leads: leadsNamed('during', 5) });
    await waitForHeld(1); // the import has read the campaign with one sender
    const assigned = await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [second.id] });
    release();
    expect(assigned.status).toBe(200);
    expect((await importing).status).toBe(200);

    const spread = await spreadOf(campaign.id);
    expect([...spread.perSender.values()].reduce((a, b) => a + b, 0)).toBe(17);
    expectEven(spread);
  });
});

describe('imports racing each other', () => {
  it('end evenly spread, though both read the same counts', async () => {
    const accounts = [await createAccount(ws.api), await createAccount(ws.api)];
    const campaign = await createCampaign(ws.api);
    await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: accounts.map((a) => a.id) });
    await addLeads(
      ws.api,
      campaign.id,
      leadsNamed('base', 6).map((lead) => lead.publicIdentifier),
    );

    holdImports();
    const imports = ['one', 'two', 'three'].map((name) =>
      ws.api.post(`/v1/campaigns/${campaign.id}/leads`, { leads: leadsNamed(name, 1) }),
    );
    await waitForHeld(imports.length); // all read the counts before any stored its lead
    release();
    expect((await Promise.all(imports)).map((answer) => answer.status)).toEqual([200, 200, 200]);

    expectEven(await spreadOf(campaign.id));
  });
});
