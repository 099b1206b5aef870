/**
 * Cross-workspace isolation, part one: for every method of the account, campaign, lead, lease and
 * block-list repositories that takes a record id, a second workspace naming workspace A's ids can
 * neither read nor change A's records. Each check ends by reading A's record back through A.
 */
import { describe, expect, it } from 'vitest';
import { lease, T0, useIsolationSuite } from './testing/isolation-fixture.js';
import { hashApiKey } from './api-key/api-key.entity.js';
import { LeaseLostError, NotFoundError } from './common/db-errors.js';

const suite = useIsolationSuite();

describe('workspace B cannot read or change workspace A’s records', () => {
  it('API keys', async () => {
    const { t, a, b, fixture } = suite;
    await expect(t.db.apiKeys.revokeByPrefix(b, fixture.keyPrefix)).rejects.toBeInstanceOf(NotFoundError);
    await t.db.apiKeys.touchLastUsed(b, fixture.keyId, T0);
    expect(await t.db.apiKeys.list(b)).toEqual([]);
    expect(await t.db.apiKeys.findActiveByHash(hashApiKey(fixture.keyPlaintext))).toMatchObject({
      workspaceId: a,
      revokedAt: null,
      lastUsedAt: null,
    });
  });

  it('sender accounts and their usage', async () => {
    const { t, a, b, fixture } = suite;
    const id = fixture.accountId;
    expect(await t.db.senderAccounts.get(b, id)).toBeNull();
    expect(await t.db.senderAccounts.getMany(b, [id])).toEqual([]);
    expect(await t.db.senderAccounts.list(b)).toEqual([]);
    await expect(t.db.senderAccounts.update(b, id, { active: false })).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      t.db.senderAccounts.updateLimitSettings(b, id, { messagesPerDay: 0 }, { tier: 'free' }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      t.db.senderAccounts.markRestricted(b, id, { reason: 'account_restricted', detail: '', since: T0 }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(await t.db.senderAccounts.claimPoll(b, id, T0, T0)).toBe(false);
    await expect(t.db.senderAccounts.touchLastAction(b, id, T0, null)).rejects.toBeInstanceOf(NotFoundError);
    await expect(t.db.senderAccounts.setStatus(b, id, 'disconnected')).rejects.toBeInstanceOf(NotFoundError);
    await expect(t.db.senderAccounts.setCooldown(b, id, T0)).rejects.toBeInstanceOf(NotFoundError);
    const slot = { accountId: id, period: 'day:x', kind: 'messages' as const };
    // Usage counters sit on a TTL index: an expiry in the past would let the TTL monitor delete the
    // counter mid-test.
    const expiresAt = new Date('2100-01-01T00:00:00Z');
    expect(await t.db.accountUsage.tryConsume(a, { ...slot, cap: 1, expiresAt })).toBe(true);
    await t.db.accountUsage.release(b, slot);
    expect((await t.db.accountUsage.get(b, id, 'day:x')).messages).toBe(0);
    expect((await t.db.accountUsage.get(a, id, 'day:x')).messages).toBe(1);
    expect(await t.db.senderAccounts.get(a, id)).toMatchObject({
      active: true,
      status: 'connected',
      cooldownUntil: null,
      limits: { messagesPerDay: 50 },
    });
  });

  it('campaigns', async () => {
    const { t, a, b, fixture } = suite;
    const { id, version } = fixture.campaign;
    expect(await t.db.campaigns.get(b, id)).toBeNull();
    expect((await t.db.campaigns.list(b)).total).toBe(0);
    await expect(t.db.campaigns.update(b, id, { name: 'stolen' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      t.db.campaigns.transitionStatus(b, id, { from: ['active'], to: 'paused' }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(t.db.campaigns.addSenders(b, id, ['acc_b'])).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      t.db.campaigns.replaceSequence(b, id, { expectedVersion: version, steps: [] }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(t.db.campaigns.nextRotation(b, id, fixture.messageStepId)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(await t.db.campaigns.listIdsByStatus(b, ['active'])).toEqual([]);
    // The counters moved since the fixture read the campaign: the fixture recorded actions.
    expect(await t.db.campaigns.get(a, id)).toEqual({ ...fixture.campaign, counters: expect.any(Object) });
  });

  it('leads', async () => {
    const { t, a, b, fixture } = suite;
    const { campaign, lead } = fixture;
    expect(await t.db.leads.get(b, lead.id)).toBeNull();
    expect(await t.db.leads.getMany(b, [lead.id])).toEqual([]);
    expect((await t.db.leads.list(b, campaign.id)).total).toBe(0);
    expect(await t.db.leads.countByStatus(b, campaign.id)).toMatchObject({ waiting: 0, active: 0 });
    expect(await t.db.leads.findByPublicIdentifier(b, lead.publicIdentifier)).toEqual([]);
    expect(await t.db.leads.listNotStarted(b, campaign.id)).toEqual([]);
    await expect(t.db.leads.deleteMany(b, campaign.id, [lead.id], new Date())).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(
      t.db.leads.setStatus(b, lead.id, {
        status: 'error',
        internalStatus: 'network_error',
        nextActionAt: null,
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(t.db.leads.addTag(b, lead.id, 'discarded')).rejects.toBeInstanceOf(NotFoundError);
    await expect(t.db.leads.removeTag(b, lead.id, 'discarded')).rejects.toBeInstanceOf(NotFoundError);
    expect(await t.db.leads.assignSenders(b, campaign.id, [{ leadId: lead.id, accountId: 'acc_b' }])).toBe(0);
    expect(
      await t.db.leads.adjustAfterStepInsert(b, campaign.id, { index: 0, previousLength: 2, reopenAt: T0 }),
    ).toEqual({ shifted: 0, reopened: 0 });
    expect(await t.db.leads.adjustAfterStepDelete(b, campaign.id, { index: 0, previousLength: 2 })).toEqual({
      shifted: 0,
      finished: 0,
    });
    // B naming A's campaign id only ever writes B's own records, and never collides with A's.
    expect(
      (await t.db.leads.addMany(b, campaign.id, [{ publicIdentifier: lead.publicIdentifier }])).added,
    ).toBe(1);
    expect((await t.db.leads.list(a, campaign.id)).total).toBe(2);
    expect(await t.db.leads.get(a, lead.id)).toMatchObject({
      status: 'waiting',
      tags: [],
      accountId: null,
      currentStep: 0,
    });
  });

  it('lead leases', async () => {
    const { t, a, b, fixture } = suite;
    const { campaign, leasedLead } = fixture;
    const later = { ...lease, owner: 'runner-b', now: new Date(T0.getTime() + 3_600_000) };
    for (
      let claimed = await t.db.leadLeases.claimDue(b, campaign.id, later);
      claimed;
      claimed = await t.db.leadLeases.claimDue(b, campaign.id, later)
    ) {
      expect(claimed.workspaceId).toBe(b);
    }
    await expect(
      t.db.leadLeases.recordPendingAction(b, leasedLead.id, 'runner-a', { key: 'k' }),
    ).rejects.toBeInstanceOf(LeaseLostError);
    await expect(
      t.db.leadLeases.completeStep(b, leasedLead.id, 'runner-a', {
        status: 'completed',
        internalStatus: 'finished',
        nextActionAt: null,
      }),
    ).rejects.toBeInstanceOf(LeaseLostError);
    expect(await t.db.leadLeases.release(b, leasedLead.id, 'runner-a')).toBe(false);
    expect(await t.db.leads.get(a, leasedLead.id)).toMatchObject({
      leaseOwner: 'runner-a',
      pendingActionKey: null,
      currentStep: 0,
    });
  });

  it('block lists', async () => {
    const { t, a, b, fixture } = suite;
    const { campaign } = fixture;
    expect(await t.db.blockedLeads.isBlocked(b, campaign.id, 'blocked-a')).toBe(false);
    expect(await t.db.blockedLeads.isBlocked(b, campaign.id, 'blocked-c')).toBe(false);
    expect(await t.db.blockedLeads.findBlocked(b, campaign.id, ['blocked-a', 'blocked-c'])).toEqual(
      new Set(),
    );
    expect((await t.db.blockedLeads.list(b, { scope: 'workspace' })).total).toBe(0);
    expect((await t.db.blockedLeads.list(b, { scope: 'campaign', campaignId: campaign.id })).total).toBe(0);
    await expect(
      t.db.blockedLeads.unblock(b, { scope: 'workspace' }, [fixture.blockId], new Date()),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      t.db.blockedLeads.unblock(
        b,
        { scope: 'campaign', campaignId: campaign.id },
        [fixture.campaignBlockId],
        new Date(),
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(await t.db.blockedLeads.isBlocked(a, campaign.id, 'blocked-a')).toBe(true);
    expect(await t.db.blockedLeads.isBlocked(a, campaign.id, 'blocked-c')).toBe(true);
  });
});
