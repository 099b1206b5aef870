/** Lead storage for the API: idempotent bulk add, lists and counts, all-or-nothing delete, progress. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../common/db-errors.js';
import type { WorkspaceId } from '../common/public-ids.js';
import { leadInputs, newWorkspace, seedCampaign, step } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import { must } from '../testing/must.js';

let t: TestDb;
let ws: WorkspaceId;
const T0 = new Date('2025-03-03T10:00:00Z');

beforeAll(async () => {
  t = await openTestDb({ clock: () => T0 });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

describe('addMany', () => {
  it('adds new profiles as waiting and due, counting repeats inside the batch and already present', async () => {
    const { campaign } = await seedCampaign(t.db, ws);
    const first = await t.db.leads.addMany(ws, campaign.id, [
      ...leadInputs(3),
      { publicIdentifier: 'person-1' },
    ]);
    expect(first).toMatchObject({ added: 3, duplicates: 1 });
    expect(first.leads[0]).toMatchObject({
      status: 'waiting',
      internalStatus: 'queued',
      currentStep: 0,
      nextActionAt: T0,
      firstName: 'First0',
      email: '',
      tags: [],
      accountId: null,
    });
    const second = await t.db.leads.addMany(ws, campaign.id, leadInputs(5));
    expect(second).toMatchObject({ added: 2, duplicates: 3 });
    expect((await t.db.leads.list(ws, campaign.id)).total).toBe(5);
  });

  it('counts every duplicate once when two imports of the same list race', async () => {
    const { campaign } = await seedCampaign(t.db, ws);
    const results = await Promise.all([1, 2].map(() => t.db.leads.addMany(ws, campaign.id, leadInputs(40))));
    expect(results.reduce((sum, r) => sum + r.added, 0)).toBe(40);
    expect(results.reduce((sum, r) => sum + r.duplicates, 0)).toBe(40);
  });

  it('lets the same profile join two campaigns', async () => {
    const a = await seedCampaign(t.db, ws);
    const b = await seedCampaign(t.db, ws);
    await t.db.leads.addMany(ws, a.campaign.id, [{ publicIdentifier: 'shared' }]);
    expect((await t.db.leads.addMany(ws, b.campaign.id, [{ publicIdentifier: 'shared' }])).added).toBe(1);
    expect((await t.db.leads.findByPublicIdentifier(ws, 'shared')).map((l) => l.campaignId)).toEqual([
      a.campaign.id,
      b.campaign.id,
    ]);
  });

  it('finds a lead by its identifier as the network spells it, in another case or URL-encoded', async () => {
    const { campaign } = await seedCampaign(t.db, ws);
    await t.db.leads.addMany(ws, campaign.id, [{ publicIdentifier: 'jean-dupré' }]);
    for (const spelled of ['Jean-Dupré', 'jean-dupr%C3%A9', 'JEAN-DUPR%C3%A9']) {
      expect((await t.db.leads.findByPublicIdentifier(ws, spelled)).map((l) => l.campaignId)).toEqual([
        campaign.id,
      ]);
    }
  });
});

describe('lists and counts', () => {
  it('lists in creation order, by status, with pagination and totals; counts per status', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 7 });
    for (const lead of leads.slice(0, 3)) {
      await t.db.leads.setStatus(ws, lead.id, {
        status: 'completed',
        internalStatus: 'finished',
        nextActionAt: null,
      });
    }
    const page = await t.db.leads.list(ws, campaign.id, { status: 'waiting', offset: 1, limit: 2 });
    expect(page.total).toBe(4);
    expect(page.items.map((l) => l.id)).toEqual(leads.slice(4, 6).map((l) => l.id));
    expect((await t.db.leads.list(ws, campaign.id, { limit: 3 })).items.map((l) => l.id)).toEqual(
      leads.slice(0, 3).map((l) => l.id),
    );
    expect(await t.db.leads.countByStatus(ws, campaign.id)).toEqual({
      waiting: 4,
      active: 0,
      paused: 0,
      completed: 3,
      error: 0,
    });
    const other = await seedCampaign(t.db, ws, { leads: 2 });
    const both = await t.db.leads.countByStatusForCampaigns(ws, [campaign.id, other.campaign.id]);
    expect(both.get(other.campaign.id)).toMatchObject({ waiting: 2 });
  });
});

describe('changes', () => {
  it('deletes by id all or nothing, naming the unknown ids', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 3 });
    const elsewhere = await seedCampaign(t.db, ws, { leads: 1 });
    const error = await t.db.leads
      .deleteMany(
        ws,
        campaign.id,
        [must(leads[0]).id, must(elsewhere.leads[0]).id, 'led_000000000000000000000000'],
        new Date(),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).missingIds).toEqual([
      must(elsewhere.leads[0]).id,
      'led_000000000000000000000000',
    ]);
    expect((await t.db.leads.list(ws, campaign.id)).total).toBe(3);
    const deleted = await t.db.leads.deleteMany(
      ws,
      campaign.id,
      [must(leads[0]).id, must(leads[1]).id],
      new Date(),
    );
    expect(deleted.map((lead) => lead.id).sort()).toEqual([must(leads[0]).id, must(leads[1]).id].sort());
    expect((await t.db.leads.list(ws, campaign.id)).total).toBe(1);
  });

  it('sets a status and its schedule; tags fire once', async () => {
    const { leads } = await seedCampaign(t.db, ws, { leads: 1 });
    const id = must(leads[0]).id;
    expect(
      await t.db.leads.setStatus(ws, id, {
        status: 'paused',
        internalStatus: 'paused_by_user',
        nextActionAt: null,
      }),
    ).toMatchObject({
      status: 'paused',
      nextActionAt: null,
    });
    expect((await t.db.leads.addTag(ws, id, 'interested')).added).toBe(true);
    const again = await t.db.leads.addTag(ws, id, 'interested');
    expect(again).toMatchObject({ added: false, lead: { tags: ['interested'] } });
    expect((await t.db.leads.removeTag(ws, id, 'interested')).tags).toEqual([]);
    await expect(t.db.leads.addTag(ws, 'led_000000000000000000000000', 'matched')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('reassigns senders of leads that have not started, and only those', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 3, status: 'active' });
    const claimed = await t.db.leadLeases.claimDue(ws, campaign.id, { owner: 'r', now: T0, leaseMs: 1000 });
    await t.db.leadLeases.recordPendingAction(ws, must(claimed).id, 'r', { key: 'k' });
    const notStarted = await t.db.leads.listNotStarted(ws, campaign.id);
    expect(notStarted).toHaveLength(2);
    const changed = await t.db.leads.assignSenders(
      ws,
      campaign.id,
      leads.map((lead) => ({ leadId: lead.id, accountId: 'acc_new' })),
    );
    expect(changed).toBe(2);
    expect((await t.db.leads.get(ws, must(claimed).id))?.accountId).toBeNull();
  });
});

describe('progress after sequence edits', () => {
  it('keeps each lead on its next step when a step is inserted in the middle', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, {
      leads: 3,
      steps: [step('invitation'), step('message'), step('message')],
    });
    const [, atOne, atTwo] = leads;
    await t.db.leads.setStatus(ws, must(atOne).id, {
      status: 'active',
      internalStatus: 'awaiting_delay',
      nextActionAt: T0,
    });
    await t.db.leads.setStatus(ws, must(atTwo).id, {
      status: 'active',
      internalStatus: 'awaiting_delay',
      nextActionAt: T0,
    });
    await t.raw('leads').updateOne({ _id: must(atOne).id as never }, { $set: { currentStep: 1 } });
    await t.raw('leads').updateOne({ _id: must(atTwo).id as never }, { $set: { currentStep: 2 } });
    const result = await t.db.leads.adjustAfterStepInsert(ws, campaign.id, {
      index: 1,
      previousLength: 3,
      reopenAt: T0,
    });
    expect(result).toEqual({ shifted: 1, reopened: 0 });
    const steps = await Promise.all(leads.map((lead) => t.db.leads.get(ws, lead.id)));
    expect(steps.map((lead) => lead?.currentStep)).toEqual([0, 1, 3]);
  });

  it('reopens leads that finished every step when a step is appended, but not those who replied', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 2, steps: [step('invitation')] });
    const raw = t.raw('leads');
    await raw.updateMany(
      { campaignId: campaign.id },
      {
        $set: { currentStep: 1, status: 'completed', internalStatus: 'finished' },
        $unset: { nextActionAt: 1 },
      },
    );
    await raw.updateOne({ _id: must(leads[1]).id as never }, { $set: { internalStatus: 'replied' } });
    const later = new Date(T0.getTime() + 60_000);
    expect(
      await t.db.leads.adjustAfterStepInsert(ws, campaign.id, {
        index: 1,
        previousLength: 1,
        reopenAt: later,
      }),
    ).toEqual({
      shifted: 0,
      reopened: 1,
    });
    expect(await t.db.leads.get(ws, must(leads[0]).id)).toMatchObject({
      status: 'waiting',
      currentStep: 1,
      nextActionAt: later,
    });
    expect(await t.db.leads.get(ws, must(leads[1]).id)).toMatchObject({
      status: 'completed',
      internalStatus: 'replied',
    });
  });

  it('moves leads back after a delete and finishes those whose next step was the deleted last one', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, {
      leads: 2,
      steps: [step('invitation'), step('message'), step('message')],
    });
    const raw = t.raw('leads');
    await raw.updateOne({ _id: must(leads[0]).id as never }, { $set: { currentStep: 2, status: 'active' } });
    await raw.updateOne({ _id: must(leads[1]).id as never }, { $set: { currentStep: 1, status: 'active' } });
    expect(await t.db.leads.adjustAfterStepDelete(ws, campaign.id, { index: 2, previousLength: 3 })).toEqual({
      shifted: 0,
      finished: 1,
    });
    expect(await t.db.leads.get(ws, must(leads[0]).id)).toMatchObject({
      status: 'completed',
      internalStatus: 'finished',
      nextActionAt: null,
    });
    expect(await t.db.leads.adjustAfterStepDelete(ws, campaign.id, { index: 0, previousLength: 2 })).toEqual({
      shifted: 2,
      finished: 0,
    });
    expect(await t.db.leads.get(ws, must(leads[1]).id)).toMatchObject({ currentStep: 0, status: 'active' });
  });
});
