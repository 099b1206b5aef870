/**
 * Adding leads to a campaign: each lead's identifier is resolved and normalised, then the lead is
 * either added, counted as a duplicate (already in the campaign, or repeated in the request) or
 * counted as blocked (by a workspace or a campaign block). Nothing is added when any lead has no
 * usable identifier: the request is refused as a whole, naming the positions.
 */
import { DomainError, assertNotEmpty } from './errors.js';
import { resolvePublicIdentifier, type LeadReference } from './public-identifier.js';
import { LIMITS } from './vocabulary.js';

export interface LeadImportPlan<T> {
  /** Leads to insert, each with its normalised `publicIdentifier`. */
  toAdd: (T & { publicIdentifier: string })[];
  duplicates: number;
  blocked: number;
}

export interface LeadImportContext {
  /** Normalised identifiers already in the campaign. */
  existing: ReadonlySet<string>;
  /** Whether a normalised identifier is blocked for this campaign (either scope). */
  isBlocked: (publicIdentifier: string) => boolean;
}

export function planLeadImport<T extends LeadReference>(
  leads: readonly T[],
  context: LeadImportContext,
): LeadImportPlan<T> {
  assertNotEmpty('leads', leads);
  if (leads.length > LIMITS.maxItemsPerRequest) {
    throw new DomainError('invalid_input', `leads: at most ${LIMITS.maxItemsPerRequest} per request`, {
      field: 'leads',
    });
  }
  const unusable: number[] = [];
  const resolved: (T & { publicIdentifier: string })[] = [];
  leads.forEach((lead, index) => {
    try {
      resolved.push({ ...lead, publicIdentifier: resolvePublicIdentifier(lead) });
    } catch {
      unusable.push(index);
    }
  });
  if (unusable.length > 0) {
    throw new DomainError(
      'invalid_input',
      `leads at positions ${unusable.join(', ')} have neither a publicIdentifier nor a profile URL`,
      { field: 'leads', positions: unusable },
    );
  }
  const plan: LeadImportPlan<T> = { toAdd: [], duplicates: 0, blocked: 0 };
  const seen = new Set(context.existing);
  for (const lead of resolved) {
    if (seen.has(lead.publicIdentifier)) plan.duplicates += 1;
    else if (context.isBlocked(lead.publicIdentifier)) plan.blocked += 1;
    else plan.toAdd.push(lead);
    seen.add(lead.publicIdentifier);
  }
  return plan;
}
