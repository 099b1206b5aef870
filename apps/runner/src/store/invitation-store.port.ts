import type {
  AcceptanceGuardRecord,
  InvitationPileRecord,
  InvitationStanding,
  StaleInvitation,
} from '@outreach/db';
import type { AcceptanceGuardState, StoredInvitationSettings } from '@outreach/domain';

export type { AcceptanceGuardRecord, InvitationPileRecord, InvitationStanding, StaleInvitation };

/** An account's invitations as a whole: their pile, their acceptance, the stale ones to withdraw. */
export interface RunnerInvitationStore {
  /** What the workspace set for its invitations (withdrawal age, ceiling, guard thresholds). */
  invitationSettings(workspaceId: string): Promise<StoredInvitationSettings>;
  /** The account's pending invitations and those of the acceptance window, from its leads. */
  invitationStanding(
    workspaceId: string,
    accountId: string,
    query: { pendingSince: Date; windowFrom: Date; windowTo: Date },
  ): Promise<InvitationStanding>;
  /** Unanswered invitations of finished leads, sent in the range, oldest first. */
  staleInvitationsToWithdraw(
    workspaceId: string,
    accountId: string,
    range: { sentSince: Date; sentBefore: Date },
    limit: number,
  ): Promise<StaleInvitation[]>;
  /** Records a withdrawal on the lead, once. */
  markInvitationWithdrawn(workspaceId: string, leadId: string, at: Date): Promise<boolean>;
  saveInvitationPile(workspaceId: string, accountId: string, pile: InvitationPileRecord): Promise<void>;
  /** Moves the guard over the state it was read in; true for the one caller that moved it. */
  moveAcceptanceGuard(
    workspaceId: string,
    accountId: string,
    from: AcceptanceGuardState | null,
    guard: AcceptanceGuardRecord,
  ): Promise<boolean>;
}
