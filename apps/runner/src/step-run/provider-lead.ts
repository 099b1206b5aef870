import type { LeadRef, Relationship } from '@outreach/network';
import { providerAccountOf } from '../accounts/provider-account.js';
import type { RunnerLead } from '../store/runner-store.port.js';
import { networkRead, type NetworkRead, type StepRun } from './step-run.js';

export function leadRef(lead: Pick<RunnerLead, 'publicIdentifier' | 'providerId'>): LeadRef {
  return { publicIdentifier: lead.publicIdentifier, providerId: lead.providerId };
}

/** A resolved lead; `relationship` when the resolution itself just read it (a profile retrieval). */
export type ResolvedLeadRef = LeadRef & { relationship?: Relationship };

/**
 * The lead as the provider knows it. Its member id is resolved from the public identifier once and
 * stored on the lead, so later calls (and events, which name members by id) need no lookup. It is
 * stored by the step's next write under the lease (`run.learned`): the pending action or the
 * step's outcome, whichever comes first.
 */
export async function resolvedLead(run: StepRun): Promise<NetworkRead<ResolvedLeadRef>> {
  const { ctx, lead, account } = run;
  if (lead.providerId !== null) return { ok: true, value: leadRef(lead) };
  const member = await networkRead(run, () =>
    ctx.network.resolveMember({
      accountId: providerAccountOf(account),
      publicIdentifier: lead.publicIdentifier,
    }),
  );
  if (!member.ok) return member;
  run.learned.providerId = member.value.providerId;
  return {
    ok: true,
    value: {
      publicIdentifier: lead.publicIdentifier,
      providerId: member.value.providerId,
      relationship: member.value.relationship,
    },
  };
}
