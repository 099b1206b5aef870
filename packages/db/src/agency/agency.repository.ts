import type { AgencyRole } from '@outreach/domain';
import type { Model } from 'mongoose';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import { newId } from '../common/public-ids.js';
import {
  toAgency,
  toAgencyMember,
  type Agency,
  type AgencyMember,
  type AgencyMembership,
} from './agency.entity.js';
import type { AgencyMemberRecord, AgencyRecord } from './agency.schema.js';

/**
 * Agencies and their people. Unscoped by nature: an agency is above workspaces, and its members'
 * rights over the agency's workspaces are worked out by the caller (`effectiveRole` in the domain).
 */
export class AgencyRepository {
  constructor(
    private readonly agencies: Model<AgencyRecord>,
    private readonly members: Model<AgencyMemberRecord>,
    private readonly clock: () => Date,
  ) {}

  async create(input: { name: string }): Promise<Agency> {
    const created = await new this.agencies({
      _id: newId('agency'),
      name: input.name,
      createdAt: this.clock(),
    }).save();
    return toAgency(created.toObject() as AgencyRecord);
  }

  async get(agencyId: string): Promise<Agency | null> {
    const record = await this.agencies.findById(agencyId).lean<AgencyRecord>().exec();
    return record ? toAgency(record) : null;
  }

  /**
   * Makes `userId` a member of the agency. Idempotent: when they already are one, their
   * membership is returned as it is (its role unchanged: a role changes on purpose, never by a
   * repeated add). The unique index settles two concurrent adds: the loser reads the winner's.
   */
  async addMember(agencyId: string, userId: string, role: AgencyRole): Promise<AgencyMember> {
    // Two tries: a membership removed between a refused insert and the read is inserted again.
    for (let attempt = 0; ; attempt += 1) {
      try {
        const created = await new this.members({
          _id: newId('member'),
          agencyId,
          userId,
          role,
          createdAt: this.clock(),
        }).save();
        return toAgencyMember(created.toObject() as AgencyMemberRecord);
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        const existing = await this.members.findOne({ agencyId, userId }).lean<AgencyMemberRecord>().exec();
        if (existing) return toAgencyMember(existing);
        if (attempt >= 1) throw error;
      }
    }
  }

  /** The agencies a person belongs to, oldest membership first. */
  async membershipsOf(userId: string): Promise<AgencyMembership[]> {
    const records = await this.members
      .find({ userId }, { agencyId: 1, role: 1 })
      .sort({ createdAt: 1, _id: 1 })
      .lean<Array<Pick<AgencyMemberRecord, 'agencyId' | 'role'>>>()
      .exec();
    return records.map((record) => ({ agencyId: record.agencyId, role: record.role }));
  }

  async roleOf(agencyId: string, userId: string): Promise<AgencyRole | null> {
    const record = await this.members
      .findOne({ agencyId, userId }, { role: 1 })
      .lean<Pick<AgencyMemberRecord, 'role'>>()
      .exec();
    return record?.role ?? null;
  }

  /** The agency's people, oldest membership first (the people list of its workspaces). */
  async listMembers(agencyId: string): Promise<AgencyMember[]> {
    const records = await this.members
      .find({ agencyId })
      .sort({ createdAt: 1, _id: 1 })
      .lean<AgencyMemberRecord[]>()
      .exec();
    return records.map(toAgencyMember);
  }

  /** Changes a person's agency role; the owner's stays (ownership is not given this way). */
  async setRole(agencyId: string, userId: string, role: Exclude<AgencyRole, 'owner'>): Promise<boolean> {
    const result = await this.members
      .updateOne({ agencyId, userId, role: { $ne: 'owner' } }, { $set: { role } })
      .exec();
    return result.matchedCount === 1;
  }

  /** Whether a membership was removed (false: the person was not a member). */
  async removeMember(agencyId: string, userId: string): Promise<boolean> {
    const result = await this.members.deleteOne({ agencyId, userId }).exec();
    return result.deletedCount === 1;
  }
}
