/**
 * Block lists. A block is either workspace-wide or for one campaign. A workspace block applies to
 * every campaign whatever the campaign's settings, so it always wins over a campaign block: the
 * reported scope is "workspace" whenever one exists, and removing the campaign block does not
 * unblock the lead.
 */
import { DomainError } from './errors.js';
import { normalizePublicIdentifier } from './public-identifier.js';
import type { WorkspacePlan } from './vocabulary.js';

export type BlockScope = 'workspace' | 'campaign';

export interface BlockRecord {
  id: string;
  publicIdentifier: string;
  scope: BlockScope;
  /** Set for campaign blocks, null for workspace blocks. */
  campaignId: string | null;
}

/** The block that stops `publicIdentifier` in `campaignId`, or null when the lead may be contacted. */
export function effectiveBlock<T extends BlockRecord>(
  blocks: readonly T[],
  publicIdentifier: string,
  campaignId: string,
): T | null {
  const identifier = normalizePublicIdentifier(publicIdentifier);
  const applies = blocks.filter(
    (block) =>
      normalizePublicIdentifier(block.publicIdentifier) === identifier &&
      (block.scope === 'workspace' || block.campaignId === campaignId),
  );
  return applies.find((block) => block.scope === 'workspace') ?? applies[0] ?? null;
}

export function isBlocked(
  blocks: readonly BlockRecord[],
  publicIdentifier: string,
  campaignId: string,
): boolean {
  return effectiveBlock(blocks, publicIdentifier, campaignId) !== null;
}

export const CAMPAIGN_BLOCK_PLANS = ['pro', 'agency'] as const satisfies readonly WorkspacePlan[];

/** Campaign-level blocks need a Pro or Agency plan. */
export function assertPlanAllowsCampaignBlocks(plan: WorkspacePlan): void {
  if (!(CAMPAIGN_BLOCK_PLANS as readonly WorkspacePlan[]).includes(plan)) {
    throw new DomainError('plan_required', 'campaign block lists need a Pro or Agency plan', {
      plan,
      requiredPlans: CAMPAIGN_BLOCK_PLANS,
    });
  }
}

export interface BlockRequest {
  publicIdentifier: string;
  reason?: string | undefined;
}

/**
 * The distinct, normalised identifiers of a block request, first reason kept. Throws
 * `invalid_input` for an empty list or an identifier that normalises to nothing.
 */
export function planBlocks(field: string, requests: readonly BlockRequest[]): BlockRequest[] {
  if (requests.length === 0) {
    throw new DomainError('invalid_input', `${field} must not be empty`, { field });
  }
  const planned = new Map<string, BlockRequest>();
  for (const request of requests) {
    const publicIdentifier = normalizePublicIdentifier(request.publicIdentifier);
    if (publicIdentifier === '') {
      throw new DomainError('invalid_input', `${field}: a public identifier is empty`, { field });
    }
    if (!planned.has(publicIdentifier)) {
      planned.set(publicIdentifier, {
        publicIdentifier,
        ...(request.reason ? { reason: request.reason } : {}),
      });
    }
  }
  return [...planned.values()];
}
