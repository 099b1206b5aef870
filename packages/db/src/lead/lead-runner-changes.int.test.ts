/**
 * What the runner asks of leads beyond claiming: changes conditional on the lead being as it was
 * read (so a user's change made meanwhile survives), the completion check's "is there any lead in
 * these statuses" that reads one index entry instead of counting, the invitation's send time, and
 * attempt numbers that never repeat while a lead stays on its step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../common/db-errors.js';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace, seedCampaign } from '../testing/fixtures.js';
import { servingIndex } from '../testing/index-coverage.js';
import { must } from '../testing/must.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import { leadSchema } from './lead.schema.js';

let t: TestDb;
let ws: WorkspaceId;
const T0 = new Date('2025-03-03T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const lease = (owner: string) => ({ owner, now: T0, leaseMs: 60_000 });

beforeAll(async () => {
  t = await openTestDb({ clock: () => T0 });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

const pendingInvitation = { status: 'active', internalStatus: 'invitation_pending', currentStep: 0 } as const;

describe('setStatusIf', () => {
  it('applies the change while the lead is as expected, dropping any lease', async () => {
    const { campaign } = await seedCampaign(t.db, ws, { leads: 1, status: 'active' });
    const claimed = must(await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-a')));
    await t.db.leadLeases.completeStep(ws, claimed.id, 'runner-a', {
      advanceBy: 0,
      status: 'active',
      internalStatus: 'invitation_pending',
      nextActionAt: at(86_400_000),
    });

    const woken = await t.db.leads.setStatusIf(ws, claimed.id, pendingInvitation, {
      status: 'active',
      internalStatus: 'invitation_pending',
      nextActionAt: T0,
    });

    expect(woken).toMatchObject({ id: claimed.id, nextActionAt: T0, leaseOwner: null, leaseUntil: null });
  });

  it('changes nothing and answers null when a user changed the lead since it was read', async () => {
    const { leads } = await seedCampaign(t.db, ws, { leads: 1, status: 'active' });
    const lead = must(leads[0]);
    await t.db.leads.setStatus(ws, lead.id, {
      status: 'paused',
      internalStatus: 'paused_by_user',
      nextActionAt: null,
    });

    const result = await t.db.leads.setStatusIf(
      ws,
      lead.id,
      { status: 'waiting', internalStatus: 'queued', currentStep: 0 },
      { status: 'completed', internalStatus: 'replied', nextActionAt: null },
    );

    expect(result).toBeNull();
    expect(await t.db.leads.get(ws, lead.id)).toMatchObject({
      status: 'paused',
      internalStatus: 'paused_by_user',
      nextActionAt: null,
    });
  });

  it('checks the step too, and only the fields it is given', async () => {
    const { leads } = await seedCampaign(t.db, ws, { leads: 1, status: 'active' });
    const id = must(leads[0]).id;
    const change = { status: 'completed', internalStatus: 'replied', nextActionAt: null } as const;
    expect(await t.db.leads.setStatusIf(ws, id, { currentStep: 1 }, change)).toBeNull();
    expect(await t.db.leads.setStatusIf(ws, id, { currentStep: 0 }, change)).toMatchObject({
      status: 'completed',
      internalStatus: 'replied',
    });
  });

  it('lets one of two changes decided from the same read through', async () => {
    const { leads } = await seedCampaign(t.db, ws, { leads: 1, status: 'active' });
    const id = must(leads[0]).id;
    const expected = { status: 'waiting', internalStatus: 'queued', currentStep: 0 } as const;
    const results = await Promise.all([
      t.db.leads.setStatusIf(ws, id, expected, {
        status: 'paused',
        internalStatus: 'paused_by_user',
        nextActionAt: null,
      }),
      t.db.leads.setStatusIf(ws, id, expected, {
        status: 'completed',
        internalStatus: 'replied',
        nextActionAt: null,
      }),
    ]);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
  });

  it('throws NotFoundError for a lead that is not in the workspace', async () => {
    const { leads } = await seedCampaign(t.db, ws, { leads: 1 });
    const other = await newWorkspace(t.db);
    await expect(
      t.db.leads.setStatusIf(
        other,
        must(leads[0]).id,
        {},
        { status: 'paused', internalStatus: 'paused_by_user', nextActionAt: null },
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('existsWithStatus', () => {
  it('tells whether any lead of the campaign is in one of the statuses', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 2, status: 'active' });
    const [first, second] = leads.map((lead) => lead.id);
    const finish = (id: string | undefined) =>
      t.db.leads.setStatus(ws, must(id), {
        status: 'completed',
        internalStatus: 'finished',
        nextActionAt: null,
      });
    expect(await t.db.leads.existsWithStatus(ws, campaign.id, ['waiting'])).toBe(true);
    await finish(first);
    await t.db.leads.setStatus(ws, must(second), {
      status: 'active',
      internalStatus: 'awaiting_delay',
      nextActionAt: at(1),
    });
    expect(await t.db.leads.existsWithStatus(ws, campaign.id, ['waiting'])).toBe(false);
    expect(await t.db.leads.existsWithStatus(ws, campaign.id, ['waiting', 'active'])).toBe(true);
    await finish(second);
    expect(await t.db.leads.existsWithStatus(ws, campaign.id, ['waiting', 'active'])).toBe(false);
    const other = await newWorkspace(t.db);
    expect(await t.db.leads.existsWithStatus(other, campaign.id, ['completed'])).toBe(false);
  });

  it('is answered from the status index, reading one lead however many match', async () => {
    const { campaign } = await seedCampaign(t.db, ws, { leads: 40, status: 'active' });
    expect(servingIndex(leadSchema, { equality: ['workspaceId', 'campaignId', 'status'] })).toBe(
      'workspaceId_campaignId_status__id',
    );
    // The query `existsWithStatus` sends.
    const query = { campaignId: campaign.id, status: { $in: ['waiting', 'active'] }, workspaceId: ws };
    const explained = (await t.raw('leads').find(query).limit(1).explain('executionStats')) as {
      queryPlanner: { winningPlan: unknown };
      executionStats: { totalDocsExamined: number; nReturned: number };
    };
    expect(JSON.stringify(explained.queryPlanner.winningPlan)).toContain('IXSCAN');
    expect(explained.executionStats.nReturned).toBe(1);
    expect(explained.executionStats.totalDocsExamined).toBe(1);
  });
});

describe('completeStep for the runner', () => {
  it('keeps counting attempts while the lead stays on its step, and restarts them on the next', async () => {
    const { campaign } = await seedCampaign(t.db, ws, { leads: 1, status: 'active' });
    const first = must(await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-a')));
    expect(first.attempts).toBe(1);
    const sentAt = at(-60_000);
    const waiting = await t.db.leadLeases.completeStep(ws, first.id, 'runner-a', {
      advanceBy: 0,
      status: 'active',
      internalStatus: 'invitation_pending',
      nextActionAt: T0,
      invitationSentAt: sentAt,
    });
    expect(waiting).toMatchObject({ attempts: 1, currentStep: 0, invitationSentAt: sentAt });

    const second = must(await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-a')));
    expect(second.attempts).toBe(2);
    const advanced = await t.db.leadLeases.completeStep(ws, second.id, 'runner-a', {
      status: 'active',
      internalStatus: 'queued',
      nextActionAt: T0,
    });
    expect(advanced).toMatchObject({ attempts: 0, currentStep: 1, invitationSentAt: sentAt });
  });

  it('keeps the invitation id and the withdrawal time with the send time', async () => {
    const { campaign } = await seedCampaign(t.db, ws, { leads: 1, status: 'active' });
    const first = must(await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-a')));
    const sentAt = at(-60_000);
    const pending = await t.db.leadLeases.completeStep(ws, first.id, 'runner-a', {
      advanceBy: 0,
      status: 'active',
      internalStatus: 'invitation_pending',
      nextActionAt: T0,
      invitationSentAt: sentAt,
      invitationId: 'inv-1',
    });
    expect(pending).toMatchObject({ invitationId: 'inv-1', invitationWithdrawnAt: null });
    const second = must(await t.db.leadLeases.claimDue(ws, campaign.id, lease('runner-a')));
    const withdrawnAt = at(-1_000);
    const expired = await t.db.leadLeases.completeStep(ws, second.id, 'runner-a', {
      advanceBy: 0,
      status: 'completed',
      internalStatus: 'invitation_expired',
      nextActionAt: null,
      invitationWithdrawnAt: withdrawnAt,
    });
    expect(expired).toMatchObject({
      currentStep: 0,
      invitationSentAt: sentAt,
      invitationId: 'inv-1',
      invitationWithdrawnAt: withdrawnAt,
    });
  });

  it('reads leads stored before the invitation time existed as having none', async () => {
    const { leads } = await seedCampaign(t.db, ws, { leads: 1 });
    const id = must(leads[0]).id;
    await t.raw('leads').updateOne({ _id: id } as never, { $unset: { invitationSentAt: 1 } });
    expect((await t.db.leads.get(ws, id))?.invitationSentAt).toBeNull();
    expect(await t.db.leads.get(ws, id)).toMatchObject({ invitationId: null, invitationWithdrawnAt: null });
  });
});

describe('markInvitationAccepted', () => {
  it('marks the acceptance once, keeps the first date, and leaves the lead as it was', async () => {
    const { leads } = await seedCampaign(t.db, ws, { leads: 1, status: 'active' });
    const lead = must(leads[0]);
    await t.db.leads.setStatus(ws, lead.id, {
      status: 'completed',
      internalStatus: 'replied',
      nextActionAt: null,
    });
    expect((await t.db.leads.get(ws, lead.id))?.invitationAcceptedAt).toBeUndefined();

    expect(await t.db.leads.markInvitationAccepted(ws, lead.id, at(1_000))).toBe(true);
    expect(await t.db.leads.markInvitationAccepted(ws, lead.id, at(2_000))).toBe(false);

    expect(await t.db.leads.get(ws, lead.id)).toMatchObject({
      status: 'completed',
      internalStatus: 'replied',
      nextActionAt: null,
      invitationAcceptedAt: at(1_000),
    });
  });

  it('marks nothing for a lead of another workspace', async () => {
    const { leads } = await seedCampaign(t.db, ws, { leads: 1, status: 'active' });
    const other = await newWorkspace(t.db);
    expect(await t.db.leads.markInvitationAccepted(other, must(leads[0]).id, T0)).toBe(false);
    expect((await t.db.leads.get(ws, must(leads[0]).id))?.invitationAcceptedAt).toBeUndefined();
  });
});
