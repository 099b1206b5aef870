export type { Member, WorkspaceMembership } from './member.entity.js';
export type { AddedMember, MemberRepository, OwnershipTransfer } from './member.repository.js';
