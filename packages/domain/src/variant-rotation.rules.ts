/**
 * Which variant a lead receives. Candidates are the step's enabled variants in rotation order. If
 * the lead matches the ICP definition of some of them, only those compete; otherwise the variants
 * without an ICP definition do. The candidates a lead competes over form its pool; each pool of a
 * step rotates on its own counter (`rotationPoolKey`), which the data layer increments atomically,
 * so every pool splits evenly whatever the other pools' traffic, and the same counter value always
 * gives the same variant.
 */
import type { LeadProfile, VariantDef } from './model.types.js';

/** The port to ICP matching; the default is `keywordIcpMatcher`. */
export interface IcpMatcher {
  matches(icpDefinitionRaw: string, lead: LeadProfile): boolean;
}

function hasIcp(variant: VariantDef): variant is VariantDef & { icpDefinitionRaw: string } {
  return variant.icpDefinitionRaw !== null && variant.icpDefinitionRaw.trim() !== '';
}

/** Enabled variants in rotation order. */
export function enabledVariants(variants: readonly VariantDef[]): VariantDef[] {
  return variants.filter((variant) => !variant.isDisabled).sort((a, b) => a.order - b.order);
}

/**
 * The variants competing for this lead. When every enabled variant targets an ICP the lead does not
 * match, all enabled variants compete: the step still sends the message written for it rather than
 * skip the lead.
 */
export function rotationCandidates(
  variants: readonly VariantDef[],
  lead: LeadProfile,
  matcher: IcpMatcher,
): VariantDef[] {
  const enabled = enabledVariants(variants);
  const matched = enabled.filter(
    (variant) => hasIcp(variant) && matcher.matches(variant.icpDefinitionRaw, lead),
  );
  if (matched.length > 0) return matched;
  const general = enabled.filter((variant) => !hasIcp(variant));
  return general.length > 0 ? general : enabled;
}

/**
 * Names a pool of candidates, for its rotation counter: the candidates' ids in rotation order. Leads
 * matching a CTO variant and leads falling back to the general variants compete over different
 * pools, and each pool's turns are its own.
 */
export function rotationPoolKey(candidates: readonly Pick<VariantDef, 'id'>[]): string {
  return candidates.map((candidate) => candidate.id).join('+');
}

/** Round-robin pick: candidates[counter mod n]; null when there is no candidate. */
export function pickByCounter<T>(candidates: readonly T[], counter: number): T | null {
  if (candidates.length === 0) return null;
  const n = candidates.length;
  const turn = Number.isFinite(counter) ? Math.trunc(counter) : 0;
  const index = ((turn % n) + n) % n;
  return candidates[index] ?? null;
}

/** The variant for one lead, given the value the step's rotation counter returned for it. */
export function chooseVariant(
  variants: readonly VariantDef[],
  lead: LeadProfile,
  counter: number,
  matcher: IcpMatcher,
): VariantDef | null {
  return pickByCounter(rotationCandidates(variants, lead, matcher), counter);
}
