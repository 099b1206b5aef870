export {
  INVITATION_STATUSES,
  normalizeEmail,
  type Invitation,
  type InvitationStatus,
} from './invitation.entity.js';
export type { CreatedInvitation, InvitationRepository, NewInvitation } from './invitation.repository.js';
export type { InvitationCreator } from './invitation.schema.js';
