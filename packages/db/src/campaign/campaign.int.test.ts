/** Campaign storage: defaults, lists, conditional transitions, versioned sequence edits, rotation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, StatusConflictError, VersionConflictError } from '../common/db-errors.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import { newWorkspace, step } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import { must } from '../testing/must.js';

let t: TestDb;
let ws: WorkspaceId;

beforeAll(async () => {
  t = await openTestDb();
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

describe('create and read', () => {
  it('creates a draft with the default settings and variables, stored without _id or __v leaking', async () => {
    const campaign = await t.db.campaigns.create(ws, { name: 'Founders', customVariables: { city: 'Lyon' } });
    expect(campaign).toMatchObject({
      status: 'draft',
      version: 0,
      activation: 0,
      steps: [],
      networkAccounts: [],
      settings: {
        timezone: 'UTC',
        workingHours: { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] },
        invitationTimeoutDays: 21,
      },
      customVariables: { city: 'Lyon' },
    });
    expect(Object.values(campaign.coreVariables).every(Boolean)).toBe(true);
    const read = await t.db.campaigns.get(ws, campaign.id);
    expect(read).toEqual(campaign);
    expect(Object.keys(must(read))).not.toContain('_id');
  });

  it('lists by status and name search with pagination and a total', async () => {
    const other = await newWorkspace(t.db);
    for (const name of ['Alpha one', 'alpha two', 'Beta', 'ALPHA three'])
      await t.db.campaigns.create(other, { name });
    const alphas = await t.db.campaigns.list(other, { search: 'alpha', limit: 2 });
    expect(alphas.total).toBe(3);
    expect(alphas.items.map((c) => c.name)).toEqual(['ALPHA three', 'alpha two']);
    const rest = await t.db.campaigns.list(other, { search: 'alpha', offset: 2, limit: 2 });
    expect(rest.items.map((c) => c.name)).toEqual(['Alpha one']);
    expect((await t.db.campaigns.list(other, { search: '.*' })).total).toBe(0);
    expect((await t.db.campaigns.list(other, { status: 'active' })).total).toBe(0);
    expect((await t.db.campaigns.list(other, { status: 'draft' })).total).toBe(4);
    expect(await t.db.campaigns.countByStatus(other)).toMatchObject({ draft: 4, active: 0 });
  });

  it('patches settings and flags field by field and replaces custom variables whole', async () => {
    const campaign = await t.db.campaigns.create(ws, {
      name: 'Patch me',
      customVariables: { a: '1', b: '2' },
    });
    const patched = await t.db.campaigns.update(ws, campaign.id, {
      name: 'Patched',
      settings: { workingHours: { end: '17:00' }, invitationTimeoutDays: 10 },
      coreVariables: { phone: false },
      customVariables: { c: '3' },
    });
    expect(patched.name).toBe('Patched');
    expect(patched.settings).toEqual({
      timezone: 'UTC',
      workingHours: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] },
      invitationTimeoutDays: 10,
    });
    expect(patched.coreVariables).toMatchObject({ phone: false, email: true });
    expect(patched.customVariables).toEqual({ c: '3' });
    await expect(
      t.db.campaigns.update(ws, 'cmp_000000000000000000000000', { name: 'x' }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('adds senders with set semantics', async () => {
    const campaign = await t.db.campaigns.create(ws, { name: 'Senders', networkAccounts: ['acc_a'] });
    const updated = await t.db.campaigns.addSenders(ws, campaign.id, ['acc_a', 'acc_b', 'acc_b']);
    expect(updated.networkAccounts).toEqual(['acc_a', 'acc_b']);
  });
});

describe('status transitions', () => {
  it('starts only from the allowed statuses and counts activations', async () => {
    const campaign = await t.db.campaigns.create(ws, { name: 'Start me' });
    const started = await t.db.campaigns.transitionStatus(ws, campaign.id, {
      from: ['paused', 'draft'],
      to: 'active',
    });
    expect(started).toMatchObject({ status: 'active', activation: 1 });
    const error = await t.db.campaigns
      .transitionStatus(ws, campaign.id, { from: ['paused', 'draft'], to: 'active' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StatusConflictError);
    expect(error).toMatchObject({ currentStatus: 'active' });
    await t.db.campaigns.transitionStatus(ws, campaign.id, { from: ['active'], to: 'paused' });
    expect(
      await t.db.campaigns.transitionStatus(ws, campaign.id, { from: ['paused'], to: 'active' }),
    ).toMatchObject({ activation: 2 });
  });

  it('lets exactly one of two concurrent starts succeed', async () => {
    const campaign = await t.db.campaigns.create(ws, { name: 'Race' });
    const results = await Promise.allSettled(
      [1, 2].map(() => t.db.campaigns.transitionStatus(ws, campaign.id, { from: ['draft'], to: 'active' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await t.db.campaigns.get(ws, campaign.id))?.activation).toBe(1);
  });

  it('lists active campaigns of every workspace for the runner, paged by id', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const owner = await newWorkspace(t.db);
      const campaign = await t.db.campaigns.create(owner, { name: `active ${n}` });
      await t.db.campaigns.transitionStatus(owner, campaign.id, { from: ['draft'], to: 'active' });
      ids.push(campaign.id);
    }
    const all = [];
    let afterId: string | undefined;
    for (;;) {
      const page = await t.db.campaigns.listActiveAcrossWorkspaces({
        limit: 2,
        ...(afterId ? { afterId } : {}),
      });
      if (page.length === 0) break;
      all.push(...page);
      afterId = must(page.at(-1)).id;
    }
    expect(all.every((c) => c.status === 'active')).toBe(true);
    expect(all.map((c) => c.id)).toEqual(expect.arrayContaining(ids));
    expect(new Set(all.map((c) => c.workspaceId)).size).toBeGreaterThanOrEqual(3);
  });
});

describe('sequence edits', () => {
  it('stores a sequence based on the current version and bumps it', async () => {
    const campaign = await t.db.campaigns.create(ws, { name: 'Sequence' });
    const invitation = step('invitation', { genericBody: 'Hi {{firstName}}' });
    const message = step('message', { delay: 3 });
    const edited = await t.db.campaigns.replaceSequence(ws, campaign.id, {
      expectedVersion: 0,
      steps: [invitation, message],
    });
    expect(edited.version).toBe(1);
    expect(edited.steps.map((s) => [s.id, s.order, s.type])).toEqual([
      [invitation.id, 0, 'invitation'],
      [message.id, 1, 'message'],
    ]);
    expect(edited.steps[1]?.variants).toEqual([{ ...must(message.variants)[0], stepId: message.id }]);
  });

  it('refuses an edit based on a stale version with a typed conflict', async () => {
    const campaign = await t.db.campaigns.create(ws, { name: 'Stale' });
    await t.db.campaigns.replaceSequence(ws, campaign.id, {
      expectedVersion: 0,
      steps: [step('invitation')],
    });
    const error = await t.db.campaigns
      .replaceSequence(ws, campaign.id, { expectedVersion: 0, steps: [step('message')] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VersionConflictError);
    expect(error).toMatchObject({ expectedVersion: 0, currentVersion: 1 });
    expect((await t.db.campaigns.get(ws, campaign.id))?.steps.map((s) => s.type)).toEqual(['invitation']);
  });

  it('lets one of two concurrent edits win and gives the other the conflict', async () => {
    const campaign = await t.db.campaigns.create(ws, { name: 'Concurrent' });
    const results = await Promise.allSettled([
      t.db.campaigns.replaceSequence(ws, campaign.id, { expectedVersion: 0, steps: [step('invitation')] }),
      t.db.campaigns.replaceSequence(ws, campaign.id, { expectedVersion: 0, steps: [step('visit_profile')] }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflictError);
    const stored = await t.db.campaigns.get(ws, campaign.id);
    expect(stored?.version).toBe(1);
    expect(stored?.steps).toEqual((won[0] as PromiseFulfilledResult<{ steps: unknown }>).value.steps);
  });

  it('hands out consecutive rotation positions under concurrency and keeps them across edits', async () => {
    const message = step('message');
    const campaign = await t.db.campaigns.create(ws, { name: 'Rotation' });
    await t.db.campaigns.replaceSequence(ws, campaign.id, { expectedVersion: 0, steps: [message] });
    const positions = await Promise.all(
      Array.from({ length: 20 }, () => t.db.campaigns.nextRotation(ws, campaign.id, message.id)),
    );
    expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    await t.db.campaigns.replaceSequence(ws, campaign.id, {
      expectedVersion: 1,
      steps: [step('invitation'), message],
    });
    expect((await t.db.campaigns.get(ws, campaign.id))?.steps[1]?.rotationCounter).toBe(20);
    expect(await t.db.campaigns.nextRotation(ws, campaign.id, message.id)).toBe(20);
    await expect(
      t.db.campaigns.nextRotation(ws, campaign.id, 'stp_000000000000000000000000'),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('counts each pool of variants of a step on its own, and every pick of the step as a whole', async () => {
    const message = step('message');
    const campaign = await t.db.campaigns.create(ws, { name: 'Rotation pools' });
    await t.db.campaigns.replaceSequence(ws, campaign.id, { expectedVersion: 0, steps: [message] });
    const general = `${newId('variant')}+${newId('variant')}`;
    const targeted = newId('variant');
    const turns = [];
    for (const pool of [general, targeted, general, targeted, general])
      turns.push(await t.db.campaigns.nextRotation(ws, campaign.id, message.id, pool));
    expect(turns).toEqual([0, 0, 1, 1, 2]);
    expect((await t.db.campaigns.get(ws, campaign.id))?.steps[0]?.rotationCounter).toBe(5);
    await expect(
      t.db.campaigns.nextRotation(ws, campaign.id, message.id, 'not.a.pool'),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('takes a turn only while the campaign runs with the step in place, in the same write', async () => {
    const message = step('message');
    const campaign = await t.db.campaigns.create(ws, { name: 'Rotation while running' });
    await t.db.campaigns.replaceSequence(ws, campaign.id, { expectedVersion: 0, steps: [message] });
    const pool = newId('variant');
    const at = (index: number) => ({ id: message.id, index });
    // A draft campaign is not running: no turn.
    expect(await t.db.campaigns.nextRotationIfRunning(ws, campaign.id, at(0), pool)).toBeNull();
    await t.db.campaigns.transitionStatus(ws, campaign.id, { from: ['draft'], to: 'active' });
    expect(await t.db.campaigns.nextRotationIfRunning(ws, campaign.id, at(0), pool)).toBe(0);
    expect(await t.db.campaigns.nextRotationIfRunning(ws, campaign.id, at(0), pool)).toBe(1);
    // The step is elsewhere in the sequence: no turn.
    expect(await t.db.campaigns.nextRotationIfRunning(ws, campaign.id, at(1), pool)).toBeNull();
    await t.db.campaigns.transitionStatus(ws, campaign.id, { from: ['active'], to: 'paused' });
    expect(await t.db.campaigns.nextRotationIfRunning(ws, campaign.id, at(0), pool)).toBeNull();
    expect((await t.db.campaigns.get(ws, campaign.id))?.steps[0]?.rotationCounter).toBe(2);
  });
});
