import { PermanentNetworkError } from '../network.errors.js';
import type {
  ListInput,
  Page,
  SentInvitation,
  WithdrawInvitationInput,
  WithdrawInvitationResult,
} from '../provider/provider-network.port.js';
import { type UnipileContext, call } from './unipile-context.js';

/**
 * `GET /api/v1/users/invite/sent?account_id=&limit=&cursor=` (SDK 1.9.3:
 * `client.users.getAllInvitationsSent({ account_id, limit?, cursor? })`, answer checked by the
 * SDK's `UserInvitationSentListApiResponseValidator`): `{ object: 'InvitationList', items:
 * [{ object: 'InvitationSent', id, date, parsed_datetime: string | null, invited_user_id: string |
 * null, invited_user_public_id: string | null, ... }], cursor: string | null }`.
 */
export async function listUnipileSentInvitations(
  ctx: UnipileContext,
  { accountId, cursor, limit }: ListInput,
): Promise<Page<SentInvitation>> {
  const spec = { accountId, operation: 'users.invitationsSent', kind: 'list_read' } as const;
  const page = await call(ctx, spec, () =>
    ctx.client.users.getAllInvitationsSent({
      account_id: accountId,
      ...(limit ? { limit } : {}),
      ...(cursor ? { cursor } : {}),
    }),
  );
  return {
    items: page.items.map((invitation) => ({
      invitationId: invitation.id,
      providerId: invitation.invited_user_id || null,
      publicIdentifier: invitation.invited_user_public_id || null,
      sentAt: dateOf(invitation.parsed_datetime) ?? dateOf(invitation.date),
    })),
    cursor: page.cursor,
  };
}

/** `parsed_datetime` is the date read by Unipile; `date` may be LinkedIn's own text. Null when neither parses. */
function dateOf(value: string | null | undefined): Date | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/** A withdrawal of an invitation that is no longer there: accepted, withdrawn or expired. */
const GONE = new Set(['resource_not_found', 'invalid_resource_identifier', 'http_404']);

/**
 * `DELETE /api/v1/users/invite/sent/:invitation_id?account_id=` (SDK 1.9.3:
 * `client.users.cancelInvitationSent({ account_id, invitation_id })`, answer `{ object:
 * 'InvitationCanceled' }`). A 404 means nothing is pending under that id any more, which is what
 * the caller wanted: `not_found`, counted as done. Every other refusal maps as for the other
 * writes (`mapUnipileError`).
 */
export async function withdrawUnipileInvitation(
  ctx: UnipileContext,
  { accountId, invitationId }: WithdrawInvitationInput,
): Promise<WithdrawInvitationResult> {
  if (invitationId === '') throw new TypeError('withdrawInvitation needs an invitation id');
  const spec = { accountId, operation: 'users.cancelInvitation', kind: 'write' } as const;
  try {
    await call(ctx, spec, () =>
      ctx.client.users.cancelInvitationSent({ account_id: accountId, invitation_id: invitationId }),
    );
    return { invitationId, outcome: 'withdrawn', at: ctx.clock() };
  } catch (error) {
    if (error instanceof PermanentNetworkError && GONE.has(error.providerCode)) {
      return { invitationId, outcome: 'not_found', at: ctx.clock() };
    }
    throw error;
  }
}
