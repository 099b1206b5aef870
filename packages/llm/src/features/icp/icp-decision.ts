/**
 * An ICP decision as stored on the lead: whether the lead matches one variant's ICP definition and
 * why. Decisions are kept per definition text (`icpDefinitionKey`), so each (lead, definition) pair
 * is decided once, whichever variants or steps share the definition, and an edited definition is
 * decided again.
 */
import { createHash } from 'node:crypto';
import { keywordIcpMatcher, type IcpDecisionRecord, type IcpMatcher } from '@outreach/domain';
import type { DecisionOrigin } from '../decision-source.js';

export interface IcpDecision extends DecisionOrigin {
  /** `icpDefinitionKey(definition)` of the definition decided. */
  definitionKey: string;
  matches: boolean;
  /** One line a user can read, e.g. `profile mentions "vp engineering"`. */
  reason: string;
  /** ISO 8601. */
  decidedAt: string;
}

/** Decisions by definition key, as a lead stores them (`lead.icpDecisions`). */
export type IcpDecisions = Readonly<Record<string, IcpDecisionRecord>>;

/** `icp_` + 24 hex of the SHA-256 of the definition with case and spacing normalised. */
export function icpDefinitionKey(definition: string): string {
  const normalised = definition.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
  return `icp_${createHash('sha256').update(normalised).digest('hex').slice(0, 24)}`;
}

/**
 * A synchronous matcher for the rotation rules over decisions already made; a definition without a
 * decision is matched by keywords, as before.
 */
export function icpMatcherFromDecisions(
  decisions: IcpDecisions,
  fallback: IcpMatcher = keywordIcpMatcher,
): IcpMatcher {
  return {
    matches(definition, lead) {
      const decision = decisions[icpDefinitionKey(definition)];
      return decision ? decision.matches : fallback.matches(definition, lead);
    },
  };
}
