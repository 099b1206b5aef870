/**
 * De-risks the storage of lead imports: one claimer per job (and none for a finished one), a page
 * counted once when two runs store it (the second after the first died), a position decided once,
 * a cancel that waits for the holder, another workspace that sees nothing, and the dedupe facts
 * read from indexes (a person's leads in any campaign, their contacts, blocks, earlier pages).
 */
import { DEFAULT_IMPORT_DEDUPE, noSkips } from '@outreach/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaseLostError } from '../common/db-errors.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import { newWorkspace, seedCampaign, step } from '../testing/fixtures.js';
import { must } from '../testing/must.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import type { NewLeadImport } from './lead-import.repository.js';
import { addImportedLeads } from '../lead/lead-intake.js';

let t: TestDb;
let ws: WorkspaceId;
let other: WorkspaceId;
const now = new Date('2099-03-02T10:00:00Z');
const MINUTE = 60_000;

beforeAll(async () => {
  t = await openTestDb({ clock: () => now });
  ws = await newWorkspace(t.db);
  other = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

function newImport(campaignId: string, more: Partial<NewLeadImport> = {}): NewLeadImport {
  return {
    campaignId,
    accountId: newId('account'),
    source: { type: 'linkedin_search', url: 'https://www.linkedin.com/search/results/people/?keywords=cfo' },
    split: null,
    dedupe: { ...DEFAULT_IMPORT_DEDUPE },
    total: 3400,
    cap: null,
    parts: [{ part: { kind: 'whole' }, total: 3400, cap: 1000 }],
    runAt: now,
    ...more,
  };
}

const lease = (owner: string) => ({ owner, now, leaseMs: MINUTE, dueBy: now });

describe('a lead import job', () => {
  it('is created queued with the source’s cap told: importable and capped', async () => {
    const { campaign } = await seedCampaign(t.db, ws);
    const job = await t.db.leadImports.create(ws, newImport(campaign.id));
    expect(job).toMatchObject({
      status: 'queued',
      total: 3400,
      importable: 1000,
      capped: 2400,
      fetched: 0,
      added: 0,
      skipped: noSkips(),
      startedAt: null,
      finishedAt: null,
    });
    expect(await t.db.leadImports.get(other, job.id)).toBeNull();
    expect((await t.db.leadImports.list(other, campaign.id, { limit: 10 })).items).toEqual([]);
  });

  it('is claimed by one runner at a time, running, until its lease runs out', async () => {
    const { campaign } = await seedCampaign(t.db, ws);
    const job = await t.db.leadImports.create(ws, newImport(campaign.id));
    const claims = await Promise.all(
      ['a', 'b', 'c'].map(() => t.db.leadImports.claimDueAcrossWorkspaces(lease(`runner-${Math.random()}`))),
    );
    const mine = claims.filter((claim) => claim?.id === job.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'running', attempts: 1, startedAt: now });
    // A job nobody finished comes back once its lease ran out.
    const later = { owner: 'runner-late', now: new Date(now.getTime() + 2 * MINUTE), leaseMs: MINUTE };
    let again = await t.db.leadImports.claimDueAcrossWorkspaces(later);
    while (again !== null && again.id !== job.id)
      again = await t.db.leadImports.claimDueAcrossWorkspaces(later);
    expect(again).toMatchObject({ id: job.id, attempts: 2, leaseOwner: 'runner-late' });
  });

  it('counts a page once: the checkpoint applies only at the position it started from', async () => {
    const { campaign } = await seedCampaign(t.db, ws);
    const job = await t.db.leadImports.create(ws, newImport(campaign.id, { runAt: new Date(0) }));
    const owner = `runner-${job.id}`;
    must(await t.db.leadImports.claim(ws, job.id, lease(owner)));
    const page = {
      fromSeq: 0,
      seq: 50,
      partIndex: 0,
      cursor: 'page-2',
      parts: [{ part: { kind: 'whole' as const }, total: 3400, cap: 1000, fetched: 50, exhausted: false }],
      total: 3400,
      fetched: 50,
      added: 45,
      skipped: { ...noSkips(), blocked: 3, invalid: 2 },
    };
    const moved = await t.db.leadImports.checkpoint(ws, job.id, lease(owner), page);
    expect(moved).toMatchObject({ seq: 50, cursor: 'page-2', fetched: 50, added: 45 });
    expect(moved.skipped).toMatchObject({ blocked: 3, invalid: 2 });
    await expect(t.db.leadImports.checkpoint(ws, job.id, lease(owner), page)).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    await expect(
      t.db.leadImports.checkpoint(ws, job.id, lease('someone-else'), { ...page, fromSeq: 50, seq: 100 }),
    ).rejects.toBeInstanceOf(LeaseLostError);
    expect(await t.db.leadImports.get(ws, job.id)).toMatchObject({ seq: 50, fetched: 50, added: 45 });
  });

  it('waits for the budget, then ends once and leaves the claim index', async () => {
    const { campaign } = await seedCampaign(t.db, ws);
    const job = await t.db.leadImports.create(ws, newImport(campaign.id));
    const owner = `runner-${job.id}`;
    must(await t.db.leadImports.claim(ws, job.id, lease(owner)));
    const tomorrow = new Date(now.getTime() + 14 * 60 * MINUTE);
    expect(
      await t.db.leadImports.postpone(ws, job.id, owner, { until: tomorrow, status: 'waiting_budget' }),
    ).toBe(true);
    expect(await t.db.leadImports.get(ws, job.id)).toMatchObject({
      status: 'waiting_budget',
      waitingForBudgetUntil: tomorrow,
      nextRunAt: tomorrow,
      leaseOwner: null,
    });
    must(await t.db.leadImports.claim(ws, job.id, lease(owner)));
    const ended = await t.db.leadImports.finish(ws, job.id, owner, { status: 'capped', at: now });
    expect(ended).toMatchObject({ status: 'capped', finishedAt: now, nextRunAt: null });
    expect(await t.db.leadImports.finish(ws, job.id, owner, { status: 'failed', at: now })).toBeNull();
    expect(await t.db.leadImports.claim(ws, job.id, lease('anyone'))).toBeNull();
  });

  it('is cancelled by its holder at its next page: the request keeps the first time and makes it due', async () => {
    const { campaign } = await seedCampaign(t.db, ws);
    const job = await t.db.leadImports.create(
      ws,
      newImport(campaign.id, { runAt: new Date(now.getTime() + 9 * MINUTE) }),
    );
    must(await t.db.leadImports.claim(ws, job.id, lease('holder')));
    const asked = must(await t.db.leadImports.requestCancel(ws, job.id, now));
    expect(asked).toMatchObject({ status: 'queued', cancelRequestedAt: now, nextRunAt: now });
    const later = new Date(now.getTime() + MINUTE);
    expect(must(await t.db.leadImports.requestCancel(ws, job.id, later)).cancelRequestedAt).toEqual(now);
    // The holder cannot put a job off once a cancel is asked for: it stops it.
    expect(
      await t.db.leadImports.postpone(ws, job.id, 'holder', { until: later, status: 'waiting_budget' }),
    ).toBe(false);
    expect(await t.db.leadImports.claim(ws, job.id, lease('api'))).toBeNull();
    expect(await t.db.leadImports.requestCancel(other, job.id, now)).toBeNull();
  });
});

describe('an import’s rows', () => {
  const row = (importId: string, seq: number, publicIdentifier: string, outcome: 'added' | 'skipped') => ({
    importId,
    seq,
    part: 0,
    line: null,
    publicIdentifier,
    name: publicIdentifier,
    outcome,
    reason: outcome === 'added' ? null : ('blocked' as const),
    detail: null,
    lead: outcome === 'added' ? { publicIdentifier } : null,
  });

  it('keep the first outcome of a position stored twice, and answer the page as stored', async () => {
    const importId = newId('leadImport');
    const first = [row(importId, 0, 'ada', 'added'), row(importId, 1, 'grace', 'skipped')];
    expect(await t.db.leadImportRows.storePage(ws, first)).toEqual(first);
    const again = [
      row(importId, 0, 'ada', 'skipped'),
      row(importId, 1, 'grace', 'added'),
      row(importId, 2, 'alan', 'added'),
    ];
    const stored = await t.db.leadImportRows.storePage(ws, again);
    expect(stored.map((r) => [r.seq, r.publicIdentifier, r.outcome])).toEqual([
      [0, 'ada', 'added'],
      [1, 'grace', 'skipped'],
      [2, 'alan', 'added'],
    ]);
    expect(await t.db.leadImportRows.seenBefore(ws, importId, ['ada', 'alan', 'nobody'], 2)).toEqual(
      new Set(['ada']),
    );
    expect(await t.db.leadImportRows.seenBefore(other, importId, ['ada'], 2)).toEqual(new Set());
    await t.db.leadImportRows.markSkipped(ws, importId, [2], 'already_in_campaign');
    const report = await t.db.leadImportRows.listAfter(ws, importId, { afterSeq: 0, limit: 10 });
    expect(report.map((r) => [r.seq, r.outcome, r.reason])).toEqual([
      [1, 'skipped', 'blocked'],
      [2, 'skipped', 'already_in_campaign'],
    ]);
  });
});

describe('the dedupe facts of a page', () => {
  it('tell a person’s leads here, in active campaigns elsewhere, their recent contacts and blocks', async () => {
    const { campaign: here } = await seedCampaign(t.db, ws, { leads: 0 });
    const { campaign: active } = await seedCampaign(t.db, ws, {
      status: 'active',
      steps: [step('invitation')],
    });
    const { campaign: draft } = await seedCampaign(t.db, ws);
    await t.db.leads.addMany(ws, here.id, [{ publicIdentifier: 'in-here' }]);
    await t.db.leads.addMany(ws, active.id, [
      { publicIdentifier: 'elsewhere' },
      { publicIdentifier: 'invited' },
    ]);
    await t.db.leads.addMany(ws, draft.id, [
      { publicIdentifier: 'in-draft' },
      { publicIdentifier: 'invited-long-ago' },
    ]);
    await t.db.blockedLeads.block(ws, { scope: 'workspace' }, [{ publicIdentifier: 'blocked' }]);
    await t.db.leads.addMany(other, here.id, [{ publicIdentifier: 'other-workspace' }]);
    const invite = async (campaignId: string, publicIdentifier: string, at: Date) => {
      const [lead] = await t.db.leads.findByPublicIdentifier(ws, publicIdentifier);
      await t.connection
        .getClient()
        .db(t.connection.name)
        .collection('leads')
        .updateOne(
          { _id: must(lead).id as never, campaignId },
          { $set: { invitationSentAt: at, status: 'active', currentStep: 1 } },
        );
    };
    await invite(active.id, 'invited', new Date(now.getTime() - 3 * 24 * 60 * MINUTE));
    await invite(draft.id, 'invited-long-ago', new Date(now.getTime() - 90 * 24 * 60 * MINUTE));
    const facts = await t.db.leadIntake.dedupeFacts(ws, {
      campaignId: here.id,
      identifiers: [
        'in-here',
        'elsewhere',
        'invited',
        'in-draft',
        'invited-long-ago',
        'blocked',
        'other-workspace',
        'new',
      ],
      importId: null,
      beforeSeq: 0,
      contactedSince: new Date(now.getTime() - 30 * 24 * 60 * MINUTE),
    });
    expect(facts.inCampaign).toEqual(new Set(['in-here']));
    expect(facts.inOtherActiveCampaign).toEqual(new Set(['elsewhere', 'invited']));
    expect(facts.contactedRecently).toEqual(new Set(['invited']));
    expect(facts.blocked).toEqual(new Set(['blocked']));
    expect(facts.seenInImport).toEqual(new Set());
  });

  it('tell this import’s own leads from another’s when a lead is found already stored', async () => {
    const { campaign } = await seedCampaign(t.db, ws);
    const importId = newId('leadImport');
    const first = await addImportedLeads(t.db, ws, campaign.id, importId, [{ publicIdentifier: 'p1' }]);
    expect(first).toEqual({ ours: new Set(['p1']), theirs: new Set() });
    await t.db.leads.addMany(ws, campaign.id, [{ publicIdentifier: 'p2' }]);
    const again = await addImportedLeads(t.db, ws, campaign.id, importId, [
      { publicIdentifier: 'p1' },
      { publicIdentifier: 'p2' },
      { publicIdentifier: 'p3', currentStep: 1 },
    ]);
    expect(again).toEqual({ ours: new Set(['p1', 'p3']), theirs: new Set(['p2']) });
    const [p3] = await t.db.leads.findByPublicIdentifier(ws, 'p3');
    expect(p3).toMatchObject({ currentStep: 1, status: 'waiting' });
    expect((await t.db.leads.list(ws, campaign.id)).total).toBe(3);
  });
});

describe('the search results budget of a day', () => {
  it('grants a page what is left of the day, never more, however many ask at once', async () => {
    const accountId = newId('account');
    const slot = {
      accountId,
      period: 'day:2099-03-02',
      kind: 'searchResults' as const,
      cap: 1000,
      expiresAt: new Date('2099-03-04T00:00:00Z'),
    };
    expect(await t.db.accountUsage.consumeUpTo(ws, { ...slot, units: 950 })).toBe(950);
    const pages = await Promise.all(
      Array.from({ length: 4 }, () => t.db.accountUsage.consumeUpTo(ws, { ...slot, units: 50 })),
    );
    expect(pages.reduce((sum, units) => sum + units, 0)).toBe(50);
    expect(await t.db.accountUsage.consumeUpTo(ws, { ...slot, units: 50 })).toBe(0);
    // A page that came back short gives the rest back; the day's count is what was read.
    await t.db.accountUsage.release(ws, { accountId, period: slot.period, kind: 'searchResults', units: 30 });
    expect((await t.db.accountUsage.get(ws, accountId, slot.period)).searchResults).toBe(970);
  });
});
