import {
  LEAD_OUTCOMES,
  normalizePublicIdentifier,
  staleInvitationDue,
  usagePeriods,
  withdrawAfterDaysOf,
  WITHDRAWALS_PER_DAY,
} from '@outreach/domain';
import type { SentInvitationsPort } from '@outreach/network';
import { providerAccountOf } from '../accounts/provider-account.js';
import { endIn, postpone, type LeadVerdict } from '../step-run/lead-verdict.js';
import { networkRead, verdictForFailure, type StepRun } from '../step-run/step-run.js';

/** Pages of sent invitations read at most to find the id of an invitation sent before ids were kept. */
const MAX_LIST_PAGES = 5;
const PAGE_SIZE = 100;

/**
 * An invitation left unanswered past the campaign's timeout: withdrawn when it is due for it
 * (`invitationTimeoutDays` kept between 7 and 60 days, `withdrawAfterDaysOf`), within the account's
 * daily withdrawal allowance (a `withdrawals` unit a day per tier, the call itself a metered write),
 * then the lead is closed `invitation_expired` with `invitationWithdrawnAt`. The lead keeps
 * `currentStep` and `invitationSentAt`, so an acceptance that arrives later still counts. Leads are
 * claimed most overdue first, so an account's oldest invitations go first. A lead whose invitation
 * id was never kept finds it among the pending invitations (by member id or public identifier); one
 * that is not found, or a network without withdrawals, is closed as before.
 */
export async function expireInvitation(run: StepRun): Promise<LeadVerdict> {
  const { ctx, campaign, lead, account, now } = run;
  const port = withdrawalPort(ctx.network);
  const sentAt = lead.invitationSentAt;
  if (
    port === null ||
    sentAt === null ||
    !staleInvitationDue(sentAt, withdrawAfterDaysOf(campaign.settings.invitationTimeoutDays), now)
  ) {
    return endIn(LEAD_OUTCOMES.invitationExpired);
  }
  const accountId = providerAccountOf(account);
  let invitationId = lead.invitationId ?? null;
  if (invitationId === null || invitationId === '') {
    const found = await networkRead(run, () => findInvitationId(port, accountId, lead));
    if (!found.ok) return keepPending(verdictForFailure(run, found.failure));
    if (found.value === null) return endIn(LEAD_OUTCOMES.invitationExpired);
    invitationId = found.value;
  }
  const today = usagePeriods(now, account.timezone).day;
  const allowed = await ctx.store.consumeCapacity(lead.workspaceId, {
    accountId: account.id,
    period: `day:${today.key}`,
    kind: 'withdrawals',
    key: `withdraw:${lead.id}:${invitationId}`,
    cap: WITHDRAWALS_PER_DAY[account.tier],
    expiresAt: new Date(today.end.getTime() + 2 * 24 * 60 * 60 * 1000),
  });
  // The day's withdrawals are spent: the invitation stays out until the account's next day.
  if (!allowed) return postpone(today.end, 'invitation_pending');
  const id = invitationId;
  const withdrawn = await networkRead(run, () => port.withdrawInvitation({ accountId, invitationId: id }));
  if (!withdrawn.ok) return keepPending(verdictForFailure(run, withdrawn.failure));
  // `not_found` is done as well: nothing is pending under that id any more.
  ctx.logger.info(
    { leadId: lead.id, invitationId: id, outcome: withdrawn.value.outcome },
    'stale invitation withdrawn',
  );
  const expired = endIn(LEAD_OUTCOMES.invitationExpired);
  if (expired.kind !== 'settle') return expired;
  return {
    kind: 'settle',
    settlement: { ...expired.settlement, invitationWithdrawnAt: withdrawn.value.at },
  };
}

/** The network's withdrawal operations, when it offers them. */
export function withdrawalPort(network: Partial<SentInvitationsPort>): SentInvitationsPort | null {
  const { listSentInvitations, withdrawInvitation } = network;
  if (typeof listSentInvitations !== 'function' || typeof withdrawInvitation !== 'function') return null;
  return network as SentInvitationsPort;
}

async function findInvitationId(
  port: SentInvitationsPort,
  accountId: string,
  lead: StepRun['lead'],
): Promise<string | null> {
  const identifier = normalizePublicIdentifier(lead.publicIdentifier);
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
    const result = await port.listSentInvitations({
      accountId,
      limit: PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    });
    const match = result.items.find(
      (item) =>
        (lead.providerId !== null && item.providerId === lead.providerId) ||
        (item.publicIdentifier !== null && normalizePublicIdentifier(item.publicIdentifier) === identifier),
    );
    if (match) return match.invitationId;
    if (result.cursor === null) return null;
    cursor = result.cursor;
  }
  return null;
}

/** A withdrawal put off keeps the lead `invitation_pending`: its invitation is still out. */
function keepPending(verdict: LeadVerdict): LeadVerdict {
  if (verdict.kind !== 'postpone') return verdict;
  return {
    kind: 'postpone',
    postponement: { ...verdict.postponement, internalStatus: 'invitation_pending' },
  };
}
