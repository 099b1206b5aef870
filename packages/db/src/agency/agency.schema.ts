import { AGENCY_ROLES, type AgencyRole } from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions } from '../common/record-options.js';

/**
 * An agency: the people who run several client workspaces. Not a tenant record: an agency sits
 * above workspaces (a workspace names its agency in `agencyId`), so nothing here is scoped.
 */
export interface AgencyRecord {
  _id: string;
  name: string;
  createdAt: Date;
}

/** One person's place in an agency. `userId` is the external auth provider's user id. */
export interface AgencyMemberRecord {
  _id: string;
  agencyId: string;
  userId: string;
  role: AgencyRole;
  createdAt: Date;
}

// Agencies are read by `_id` only; the default `_id` index serves every query.
export const agencySchema = new Schema<AgencyRecord>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  recordOptions('agencies'),
);

export const agencyMemberSchema = new Schema<AgencyMemberRecord>(
  {
    _id: { type: String, required: true },
    agencyId: { type: String, required: true, immutable: true },
    userId: { type: String, required: true, immutable: true },
    role: { type: String, enum: AGENCY_ROLES, required: true },
    createdAt: { type: Date, required: true },
  },
  recordOptions('agency_members'),
);

// Serves `addMember` (one membership per person and agency), `roleOf`, `removeMember`.
agencyMemberSchema.index({ agencyId: 1, userId: 1 }, { unique: true });
// Serves `membershipsOf`: a signed-in person's agencies, read on every request that needs them.
agencyMemberSchema.index({ userId: 1 });
