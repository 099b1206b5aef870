import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';
import type { RemovalClaimable } from '../common/removal-claim.js';

export const BLOCK_SCOPES = ['workspace', 'campaign'] as const;
export type BlockScope = (typeof BLOCK_SCOPES)[number];

export interface BlockedLeadRecord extends RemovalClaimable {
  _id: string;
  workspaceId: string;
  scope: BlockScope;
  /** The campaign of a campaign-scoped block; null for a workspace-wide block. */
  campaignId: string | null;
  publicIdentifier: string;
  reason: string | null;
  createdAt: Date;
  /**
   * Set while an unblock request that claimed this block removes it (with the ones asked with it);
   * another request cannot claim it meanwhile. Missing on blocks nobody is removing.
   */
  removalToken?: string | null;
  /** Until when that claim holds (real time): a request that died mid-way frees it then. */
  removalUntil?: Date | null;
}

export const blockedLeadSchema = new Schema<BlockedLeadRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    scope: { type: String, enum: BLOCK_SCOPES, required: true },
    campaignId: { type: String, default: null },
    publicIdentifier: { type: String, required: true },
    reason: { type: String, default: null },
    createdAt: { type: Date, required: true },
    removalToken: { type: String },
    removalUntil: { type: Date },
  },
  recordOptions('blocked_leads'),
);

// Serves idempotent blocking (one record per scope, campaign and profile, so re-blocking counts
// nothing) and `isBlocked` / `findBlocked`: the runner's lookup by identifier before every action
// reads the (workspace, identifier) prefix, which holds at most the workspace block and the
// campaign blocks of that one profile.
blockedLeadSchema.index({ workspaceId: 1, publicIdentifier: 1, scope: 1, campaignId: 1 }, { unique: true });
// Serves `list`: one scope's blocks (the workspace's, or one campaign's) by block date, either
// way, `_id` breaking ties, so a page walks the index and stops and the total is counted from it.
blockedLeadSchema.index({ workspaceId: 1, scope: 1, campaignId: 1, createdAt: -1, _id: -1 });
// Served `list` with a search when the search was a prefix of the identifier (a range here). No
// query needs it since the search matches any part of the identifier (the next index serves it);
// it stays until `hot-paths.test.ts`, which names it, and the README's index table drop it too.
blockedLeadSchema.index({ workspaceId: 1, scope: 1, campaignId: 1, publicIdentifier: 1 });
// Serves `list` with a search, covered: one list's keys in the list's order with the identifier
// beside them, so the pattern (any part of the identifier, which bounds nothing) is tested on the
// keys, the total is counted and the page's ids and dates are read without reading a block.
blockedLeadSchema.index({
  workspaceId: 1,
  scope: 1,
  campaignId: 1,
  createdAt: -1,
  _id: -1,
  publicIdentifier: 1,
});
