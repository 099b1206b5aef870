import type { AgencyRole } from '@outreach/domain';
import type { AgencyMemberRecord, AgencyRecord } from './agency.schema.js';

export interface Agency {
  id: string;
  name: string;
  createdAt: Date;
}

export interface AgencyMember {
  id: string;
  agencyId: string;
  userId: string;
  role: AgencyRole;
  createdAt: Date;
}

/** An agency a person belongs to, with their role there. */
export interface AgencyMembership {
  agencyId: string;
  role: AgencyRole;
}

export function toAgency(record: AgencyRecord): Agency {
  return { id: record._id, name: record.name, createdAt: record.createdAt };
}

export function toAgencyMember(record: AgencyMemberRecord): AgencyMember {
  return {
    id: record._id,
    agencyId: record.agencyId,
    userId: record.userId,
    role: record.role,
    createdAt: record.createdAt,
  };
}
