import { normalizePublicIdentifier } from '@outreach/domain';
import { asWorkspaceId, type Campaign, type Db, LeaseLostError, type SenderAccount } from '@outreach/db';
import { currentTraceparent } from '@outreach/telemetry';
import type { QueuedMessage, RunnerAccount, RunnerCampaign, RunnerStore } from './runner-store.port.js';
import {
  newAction,
  toDbPlan,
  toRunnerAccount,
  toRunnerCampaign,
  toRunnerLead,
} from './db-runner-mappings.js';
import { createDbImportStore } from './db-import.store.js';

export { toRunnerAccount, toRunnerCampaign, toRunnerLead } from './db-runner-mappings.js';

const PAGE = 100;

/**
 * The runner's store over `@outreach/db`. Every method maps to one repository call (two where
 * noted); ids handed out by the data layer are branded back into workspace ids on the way in.
 * Pacing gates and event feed cursors live on the sender accounts, so every runner process shares
 * them and a restarted runner resumes where the last one stopped. Its methods come in the order of
 * the port's parts: campaigns, leads, accounts, provider events, conversations, activity.
 */
export function createDbRunnerStore(db: Db): RunnerStore {
  const ws = asWorkspaceId;
  /** The counter moves of the leads settled since the last flush (`flushLeadCounts`). */
  const leadCounts = db.campaignCounters.deferred();

  async function listActiveCampaigns(): Promise<RunnerCampaign[]> {
    const campaigns: RunnerCampaign[] = [];
    let page: Campaign[] = [];
    do {
      const afterId = page.at(-1)?.id;
      page = await db.campaigns.listActiveAcrossWorkspaces({ ...(afterId ? { afterId } : {}), limit: PAGE });
      campaigns.push(...page.map(toRunnerCampaign));
    } while (page.length === PAGE);
    return campaigns;
  }

  return {
    ...createDbImportStore(db),
    checkCampaignCounters: (limit) => db.campaignCounters.checkOldestAcrossWorkspaces({ limit }),
    checkCampaignCountersSoon: (workspaceId, campaignId) =>
      db.campaignCounters.checkSoon(ws(workspaceId), campaignId),
    listActiveCampaigns,
    async getCampaign(workspaceId, campaignId) {
      const campaign = await db.campaigns.get(ws(workspaceId), campaignId);
      return campaign === null ? null : toRunnerCampaign(campaign);
    },
    nextRotation: (workspaceId, campaignId, step, pool) =>
      db.campaigns.nextRotationIfRunning(ws(workspaceId), campaignId, step, pool),
    hasLeadWithStatus: (workspaceId, campaignId, statuses) =>
      db.leads.existsWithStatus(ws(workspaceId), campaignId, statuses),
    hasLeadAwaitingFix: (workspaceId, campaignId) => db.leads.existsAwaitingFix(ws(workspaceId), campaignId),
    countLeadsByStatus: (workspaceId, campaignId) => db.leads.countByStatus(ws(workspaceId), campaignId),
    completeCampaign: (workspaceId, campaignId, judgedOn) =>
      db.campaigns.completeIfUnchanged(ws(workspaceId), campaignId, judgedOn),

    async claimDueLeads(workspaceId, campaignId, lease, limit) {
      const leads = await db.leadLeases.claimDueBatch(ws(workspaceId), campaignId, lease, limit);
      return leads.map(toRunnerLead);
    },
    async recordPendingAction(workspaceId, leadId, owner, action) {
      await db.leadLeases.recordPendingAction(ws(workspaceId), leadId, owner, {
        key: action.key,
        stepId: action.stepId,
        at: action.at,
        ...(action.variantId === null ? {} : { variantId: action.variantId }),
        ...(action.content === undefined ? {} : { content: action.content }),
        ...(action.plan === undefined ? {} : { plan: toDbPlan(action.plan) }),
        ...(action.providerId === undefined ? {} : { providerId: action.providerId }),
        callsEndBy: action.callsEndBy,
        leaseUntil: action.leaseUntil,
      });
    },
    async recordMessagePlan(workspaceId, leadId, owner, plan) {
      await db.leadLeases.recordMessagePlan(ws(workspaceId), leadId, owner, toDbPlan(plan));
    },
    async recordScreenerAnalysis(workspaceId, leadId, analysis) {
      await db.leads.recordScreenerAnalysis(ws(workspaceId), leadId, analysis);
    },
    async settleLead(workspaceId, leadId, owner, { loggedAction, ...settlement }) {
      const outcome =
        loggedAction === undefined
          ? settlement
          : { ...settlement, loggedAction: db.actions.toLog(newAction(loggedAction)) };
      try {
        await db.leadLeases.completeStep(ws(workspaceId), leadId, owner, outcome, { countLater: leadCounts });
      } catch (error) {
        // The lead is someone else's now, but its action happened: it is logged on its own.
        if (loggedAction !== undefined && error instanceof LeaseLostError)
          await db.actions.recordLater(ws(workspaceId), newAction(loggedAction));
        throw error;
      }
    },
    giveBackLead: (workspaceId, leadId, owner, heldUntil) =>
      db.leadLeases.giveBack(ws(workspaceId), leadId, owner, heldUntil),
    releaseLead: (workspaceId, leadId, owner, postponement, facts) =>
      db.leadLeases.release(ws(workspaceId), leadId, owner, { ...postponement, ...facts }),
    async getLead(workspaceId, leadId) {
      const lead = await db.leads.get(ws(workspaceId), leadId);
      return lead === null ? null : toRunnerLead(lead);
    },
    async findAccountLeadsByProviderId(workspaceId, accountId, providerId) {
      const leads = await db.leads.findByProviderId(ws(workspaceId), providerId);
      return leads.filter((lead) => lead.accountId === accountId).map(toRunnerLead);
    },
    async lastInvitationWithdrawalAt(workspaceId, publicIdentifier) {
      const leads = await db.leads.findByPublicIdentifier(
        ws(workspaceId),
        normalizePublicIdentifier(publicIdentifier),
      );
      let latest: Date | null = null;
      for (const lead of leads) {
        const at = lead.invitationWithdrawnAt;
        if (at !== null && (latest === null || at > latest)) latest = at;
      }
      return latest;
    },
    async findAccountLeads(workspaceId, accountId, publicIdentifier) {
      const leads = await db.leads.findByPublicIdentifier(ws(workspaceId), publicIdentifier);
      return leads.filter((lead) => lead.accountId === accountId).map(toRunnerLead);
    },
    async setLeadStateIf(workspaceId, leadId, seen, change) {
      const lead = await db.leads.setStatusIf(ws(workspaceId), leadId, seen, change);
      return lead === null ? null : toRunnerLead(lead);
    },
    markInvitationAccepted: (workspaceId, leadId, at) =>
      db.leads.markInvitationAccepted(ws(workspaceId), leadId, at),
    async fillLeadProfile(workspaceId, leadId, profile) {
      await db.leads.fillEmptyProfile(ws(workspaceId), leadId, profile);
    },
    async addLeadTag(workspaceId, leadId, tag) {
      return (await db.leads.addTag(ws(workspaceId), leadId, tag)).added;
    },
    isBlocked: (workspaceId, campaignId, publicIdentifier) =>
      db.blockedLeads.isBlocked(ws(workspaceId), campaignId, publicIdentifier),
    findBlocked: (workspaceId, campaignId, publicIdentifiers) =>
      db.blockedLeads.findBlocked(ws(workspaceId), campaignId, publicIdentifiers),

    async getAccount(workspaceId, accountId) {
      const account = await db.senderAccounts.get(ws(workspaceId), accountId);
      return account === null ? null : toRunnerAccount(account);
    },
    async disconnectAccount(workspaceId, accountId, { reason, session }) {
      const { account, changed } = await db.senderAccounts.setStatus(
        ws(workspaceId),
        accountId,
        'disconnected',
        reason,
        { connectedAt: session },
      );
      return { changed, account: toRunnerAccount(account) };
    },
    async setAccountCooldown(workspaceId, accountId, until, reason) {
      await db.senderAccounts.setCooldown(ws(workspaceId), accountId, { until, reason });
    },
    restrictAccount: (workspaceId, accountId, restriction) =>
      db.senderAccounts.markRestricted(ws(workspaceId), accountId, restriction),
    async setAccountTier(workspaceId, accountId, tier) {
      await db.senderAccounts.setTier(ws(workspaceId), accountId, tier);
    },
    async setInmailBalance(workspaceId, accountId, balance) {
      await db.senderAccounts.setInmailBalance(ws(workspaceId), accountId, balance);
    },
    async touchAccountAction(workspaceId, accountId, at, warmUpRestartAt) {
      await db.senderAccounts.touchLastAction(ws(workspaceId), accountId, at, warmUpRestartAt);
    },
    consumeCapacity: (workspaceId, slot) => db.accountUsage.tryConsume(ws(workspaceId), slot),
    consumeCapacities: (workspaceId, slots, optional) =>
      db.accountUsage.tryConsumeAll(ws(workspaceId), slots, optional),
    releaseCapacity: (workspaceId, slot) => db.accountUsage.release(ws(workspaceId), slot),
    consumeCallBudget: (workspaceId, slot) => db.accountUsage.tryConsume(ws(workspaceId), slot),
    releaseCallBudget: (workspaceId, slot) => db.accountUsage.release(ws(workspaceId), slot),
    recentActionTimes: (workspaceId, query) => db.actions.recentTimesOfAccount(ws(workspaceId), query),
    usageSum: (workspaceId, accountId, kind, periods) =>
      db.accountUsage.sum(ws(workspaceId), accountId, kind, periods),
    async findAccountByProviderId(providerAccountId) {
      const account = await db.senderAccounts.findByProviderAccountIdAcrossWorkspaces(providerAccountId);
      return account === null ? null : toRunnerAccount(account);
    },
    async takePacingSlot(workspaceId, accountId, now, gapMs) {
      const slot = await db.senderAccounts.takePacingSlot(ws(workspaceId), accountId, now, gapMs);
      return slot.taken ? null : slot.pacedUntil;
    },

    async listPollableAccounts() {
      const accounts: RunnerAccount[] = [];
      let page: SenderAccount[] = [];
      do {
        const afterId = page.at(-1)?.id;
        page = await db.senderAccounts.listConnectedAcrossWorkspaces({
          ...(afterId ? { afterId } : {}),
          limit: PAGE,
        });
        accounts.push(...page.map(toRunnerAccount));
      } while (page.length === PAGE);
      return accounts;
    },
    claimAccountPoll: (workspaceId, accountId, now, nextPollAt) =>
      db.senderAccounts.claimPoll(ws(workspaceId), accountId, now, nextPollAt),
    saveEventCursor: (workspaceId, accountId, { from, to }) =>
      db.senderAccounts.saveEventCursor(ws(workspaceId), accountId, to, from),
    async recordProviderEvent(event) {
      return (await db.providerEvents.record(event)).created;
    },
    claimProviderEvent(lease, providerAccountIds) {
      return db.providerEvents.claimNext(lease, { providerAccountIds, types: CONSUMED_EVENT_TYPES });
    },
    async settleProviderEvent(id, owner, at) {
      await db.providerEvents.markConsumed(id, at, owner);
    },
    async releaseProviderEvent(id, owner, retryAt) {
      await db.providerEvents.release(id, owner, retryAt);
    },

    async recordReceivedMessage(workspaceId, message) {
      const {
        conversation,
        message: stored,
        created,
      } = await db.messages.recordForLead(ws(workspaceId), message, {
        sender: 'lead',
        content: message.content,
        sentAt: message.receivedAt,
        externalId: message.externalId,
      });
      return { messageId: stored.id, conversationUrn: conversation.conversationUrn, created };
    },

    async claimQueuedMessage(lease) {
      const message = await db.messages.claimQueuedAcrossWorkspaces(lease);
      if (message === null) return null;
      // The conversation names the lead and the sender account the reply goes through.
      const conversation = await db.conversations.getByUrn(ws(message.workspaceId), message.conversationUrn);
      const queued: QueuedMessage = {
        id: message.id,
        workspaceId: message.workspaceId,
        conversationId: conversation?.id ?? '',
        leadId: conversation?.leadId ?? '',
        accountId: conversation?.accountId ?? null,
        content: message.content,
        attempts: message.attempts,
      };
      return queued;
    },
    async markQueuedMessageSent(workspaceId, messageId, owner, sent) {
      await db.messages.markSent(ws(workspaceId), messageId, owner, sent);
    },
    async retryQueuedMessage(workspaceId, messageId, owner, retry) {
      if (retry.retryAt === null)
        await db.messages.markFailed(ws(workspaceId), messageId, owner, retry.error);
      else
        await db.messages.retryLater(ws(workspaceId), messageId, owner, {
          sendAfter: retry.retryAt,
          error: retry.error,
        });
    },

    async logAction(action) {
      await db.actions.recordLater(ws(action.workspaceId), newAction(action));
    },
    deriveActions: (lease, limit) => db.actions.deriveBatchAcrossWorkspaces(lease, limit),
    flushLeadCounts: () => leadCounts.flush(),
    async invitationSettings(workspaceId) {
      const workspace = await db.workspaces.get(ws(workspaceId));
      return workspace?.invitationSettings ?? {};
    },
    invitationStanding: (workspaceId, accountId, query) =>
      db.leadInvitations.standing(ws(workspaceId), accountId, query),
    staleInvitationsToWithdraw: (workspaceId, accountId, range, limit) =>
      db.leadInvitations.staleToWithdraw(ws(workspaceId), accountId, range, limit),
    markInvitationWithdrawn: (workspaceId, leadId, at) =>
      db.leadInvitations.markWithdrawn(ws(workspaceId), leadId, at),
    saveInvitationPile: (workspaceId, accountId, pile) =>
      db.accountInvitations.savePile(ws(workspaceId), accountId, pile),
    moveAcceptanceGuard: (workspaceId, accountId, from, guard) =>
      db.accountInvitations.moveGuard(ws(workspaceId), accountId, from, guard),
    async recordEvent(event) {
      const { created } = await db.events.insert(ws(event.workspaceId), {
        type: event.type,
        transitionKey: event.transitionKey,
        data: { ...event.data },
        timestamp: event.occurredAt,
        // Written by a traced step: the event's deliveries link to it.
        traceparent: currentTraceparent(),
      });
      return created;
    },
  };
}

/** The events the runner consumes; account states are the API's (applied as they arrive). */
const CONSUMED_EVENT_TYPES = ['invitation_accepted', 'message_received', 'message_sent'] as const;
