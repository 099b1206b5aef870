/** Requests of the people operations: members, invitations, API keys, sessions, the audit log, setup. */
import { ASSIGNABLE_ROLES, WORKSPACE_ROLES } from '@outreach/domain';
import { z } from 'zod';
import { idValue, isoDateOrDateTime } from './common.schema.js';
import { afterQuery, limitQuery, paginationQuery } from './pagination.schema.js';

/** A token of a setup or invitation link (base64url, as the server makes them). */
const linkToken = z.string().min(1).max(200);

/**
 * Checked loosely on purpose: the password policy (length counted in code points, the list of
 * common passwords) is applied by the operation, which answers with what to do instead.
 */
const password = z.string().min(1).max(1000);

const personName = z.string().trim().min(1).max(200);

const email = z
  .email({ error: 'must be an e-mail address' })
  .max(254)
  .transform((value) => value.trim().toLowerCase());

const dateTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with an offset' });

export const getMeQuery = undefined;

export const listMembersQuery = paginationQuery;
const userIdParams = z.strictObject({ userId: z.string().min(1).max(100) });
export const updateMemberParams = userIdParams;
export const updateMemberBody = z.strictObject({ role: z.enum(WORKSPACE_ROLES) });
export const removeMemberParams = userIdParams;

export const createInvitationBody = z.strictObject({ email, role: z.enum(ASSIGNABLE_ROLES) });
export const listInvitationsQuery = paginationQuery;
const invitationIdParams = z.strictObject({ invitationId: idValue });
export const revokeInvitationParams = invitationIdParams;
export const resendInvitationParams = invitationIdParams;
export const previewInvitationBody = z.strictObject({ token: linkToken });
export const acceptInvitationBody = z.strictObject({
  token: linkToken,
  name: personName.optional(),
  password: password.optional(),
});

export const completeSetupBody = z.strictObject({
  token: linkToken,
  name: personName,
  email,
  password,
  agencyName: personName.optional(),
});

export const createApiKeyBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  role: z.enum(ASSIGNABLE_ROLES),
  expiresAt: dateTime.optional(),
});
export const listApiKeysQuery = paginationQuery;
export const revokeApiKeyParams = z.strictObject({ apiKeyId: z.string().min(1).max(100) });

export const endSessionParams = z.strictObject({ sessionId: z.string().min(1).max(100) });

export const listAuditLogQuery = z.strictObject({
  action: z
    .string()
    .max(100)
    .regex(/^[a-z_.]+$/, 'must be an action name such as campaign.started')
    .optional(),
  actorId: z.string().max(100).optional(),
  targetId: z.string().max(100).optional(),
  since: isoDateOrDateTime.optional(),
  until: isoDateOrDateTime.optional(),
  after: afterQuery,
  limit: limitQuery,
});

export const createWorkspaceBody = z.strictObject({
  name: personName,
  agencyId: z.string().min(1).max(100).optional(),
});

export const deleteWorkspaceBody = z.strictObject({ confirmName: z.string().min(1).max(200) });

const agencyIdParam = z.string().min(1).max(100);
export const listAgencyMembersParams = z.strictObject({ agencyId: agencyIdParam });
export const setAgencyMemberParams = z.strictObject({
  agencyId: agencyIdParam,
  userId: z.string().min(1).max(100),
});
export const setAgencyMemberBody = z.strictObject({ role: z.enum(['admin', 'member']) });
export const removeAgencyMemberParams = setAgencyMemberParams;
