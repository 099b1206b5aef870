import { UnipileClient } from 'unipile-node-sdk';
import { type Clock, systemClock } from '../clock.js';
import { PermanentNetworkError } from '../network.errors.js';
import {
  MAX_INVITATION_NOTE_LENGTH,
  type ProviderNetworkPort,
  type SentInvitationsPort,
} from '../provider/provider-network.port.js';
import type { ProviderCallMeter } from '../provider/provider-call-meter.js';
import type { LeadSourcesPort } from '../provider/lead-sources.port.js';
import {
  createUnipileHostedAuthLink,
  getUnipileAccountStatus,
  getUnipileInmailBalance,
} from './unipile-account.js';
import { type UnipileContext, VISIT_SECTIONS, call, fetchProfile, memberId } from './unipile-context.js';
import { listUnipileSentInvitations, withdrawUnipileInvitation } from './unipile-invitations.js';
import { sendUnipileMessage } from './unipile-messages.js';
import { unipilePostEngagers } from './unipile-post-engagers.js';
import { relationshipOf, toNetworkProfile } from './unipile-profile.js';
import { reconcileUnipileInvitation, reconcileUnipileMessage } from './unipile-reconcile.js';
import {
  listUnipileLeadLists,
  searchUnipilePeople,
  unipileLeadListMembers,
  unipileSearchParameters,
} from './unipile-search.js';

export const DEFAULT_UNIPILE_TIMEOUT_MS = 20_000;

export interface UnipileNetworkOptions {
  /** The account's API base, e.g. `https://api8.unipile.com:13851` (the simulator's URL locally). */
  dsn: string;
  apiKey: string;
  /** Per call; past it the outcome is unknown (`TransientNetworkError`). */
  timeoutMs?: number;
  clock?: Clock;
  /**
   * Check every answer against the SDK's own response validators: `error` makes a mismatch a
   * transient failure, `warn` logs it, `off` trusts the answer. Tests run with `error`.
   */
  validateResponses?: 'error' | 'warn' | 'off';
  /** Takes every HTTP call made for an account before it is made (see `ProviderCallMeter`). */
  callMeter?: ProviderCallMeter;
}

export interface UnipileNetwork extends ProviderNetworkPort, SentInvitationsPort, LeadSourcesPort {
  /** The SDK client, for callers that need an endpoint the port does not cover. */
  client: UnipileClient;
}

export function createUnipileNetwork(options: UnipileNetworkOptions): UnipileNetwork {
  const dsn = normaliseDsn(options.dsn);
  if (!/^https?:\/\/[^/]+$/.test(dsn)) {
    throw new RangeError(
      `UNIPILE_DSN must be a scheme and a host, e.g. https://api1.unipile.com:13111, got ${options.dsn}`,
    );
  }
  if (!options.apiKey) throw new RangeError('UNIPILE_API_KEY must not be empty');
  const validation = options.validateResponses ?? 'warn';
  const client = new UnipileClient(dsn, options.apiKey, {
    validateRequestPayload: validation !== 'off',
    validateRequestPayloadLevel: validation === 'error' ? 'error' : 'warn',
  });
  const ctx: UnipileContext = {
    client,
    dsn,
    timeoutMs: options.timeoutMs ?? DEFAULT_UNIPILE_TIMEOUT_MS,
    clock: options.clock ?? systemClock,
    meter: options.callMeter ?? null,
  };

  return {
    client,

    async resolveMember({ accountId, publicIdentifier }) {
      const profile = await fetchProfile(ctx, accountId, publicIdentifier, publicIdentifier, {
        operation: 'users.getProfile',
      });
      return {
        providerId: profile.provider_id,
        profile: toNetworkProfile(profile, publicIdentifier),
        relationship: relationshipOf(profile),
      };
    },

    async sendInvitation({ accountId, lead, note, deadline }) {
      if (note !== undefined && note.length > MAX_INVITATION_NOTE_LENGTH) {
        throw new PermanentNetworkError(
          'note_too_long',
          `the invitation note has ${note.length} characters, at most ${MAX_INVITATION_NOTE_LENGTH} are allowed`,
        );
      }
      const providerId = await memberId(ctx, accountId, lead);
      // The answer carries no time: the request's instant, so an acceptance is always timed later.
      const requestedAt = ctx.clock();
      const spec = {
        accountId,
        operation: 'users.sendInvitation',
        kind: 'write',
        publicIdentifier: lead.publicIdentifier,
        limitScope: 'invitations',
        deadline,
      } as const;
      const sent = await call(ctx, spec, () =>
        client.users.sendInvitation({
          account_id: accountId,
          provider_id: providerId,
          ...(note ? { message: note } : {}),
        }),
      );
      // The answer's `invitation_id` (SDK: UserInviteApiResponse) is the id `listSentInvitations`
      // lists and `withdrawInvitation` takes: the caller stores it with the invitation.
      return { invitationId: sent.invitation_id, providerId, sentAt: requestedAt };
    },

    sendMessage: (input) => sendUnipileMessage(ctx, input),

    async visitProfile({ accountId, lead }) {
      const identifier = lead.providerId ?? lead.publicIdentifier;
      const profile = await fetchProfile(ctx, accountId, identifier, lead.publicIdentifier, {
        operation: 'users.visitProfile',
        notify: true,
        sections: VISIT_SECTIONS,
      });
      return {
        providerId: profile.provider_id,
        profile: toNetworkProfile(profile, lead.publicIdentifier),
        visitedAt: ctx.clock(),
      };
    },

    async getRelationship({ accountId, lead }) {
      const identifier = lead.providerId ?? lead.publicIdentifier;
      return relationshipOf(
        await fetchProfile(ctx, accountId, identifier, lead.publicIdentifier, {
          operation: 'users.getProfile',
        }),
      );
    },

    reconcileInvitation: (input) => reconcileUnipileInvitation(ctx, input),
    reconcileMessage: (input) => reconcileUnipileMessage(ctx, input),
    getAccountStatus: ({ accountId }) => getUnipileAccountStatus(ctx, accountId),
    getInmailBalance: ({ accountId }) => getUnipileInmailBalance(ctx, accountId),

    async listRelations({ accountId, cursor, limit }) {
      const spec = { accountId, operation: 'users.relations', kind: 'list_read' } as const;
      const page = await call(ctx, spec, () =>
        client.users.getAllRelations({
          account_id: accountId,
          ...(limit ? { limit } : {}),
          ...(cursor ? { cursor } : {}),
        }),
      );
      return {
        items: page.items.map((relation) => ({
          providerId: relation.member_id,
          publicIdentifier: relation.public_identifier,
          connectedAt: new Date(relation.created_at),
          firstName: relation.first_name || null,
          lastName: relation.last_name || null,
          headline: relation.headline || null,
        })),
        cursor: page.cursor,
      };
    },

    async listRecentMessages({ accountId, since, cursor, limit }) {
      const spec = { accountId, operation: 'messaging.messages', kind: 'list_read' } as const;
      const page = await call(ctx, spec, () =>
        client.messaging.getAllMessages({
          account_id: accountId,
          after: since.toISOString(),
          ...(limit ? { limit } : {}),
          ...(cursor ? { cursor } : {}),
        }),
      );
      return {
        // Against the real service answers are only logged when they break the SDK's schema; a
        // message listed without its ids cannot be stored once, so it waits for a later poll.
        items: page.items
          .filter((message) => Boolean(message.id) && Boolean(message.chat_id))
          .map((message) => ({
            messageId: message.id,
            chatId: message.chat_id,
            senderProviderId: message.sender_id,
            fromAccount: message.is_sender === 1,
            content: message.text ?? '',
            sentAt: new Date(message.timestamp),
          })),
        cursor: page.cursor,
      };
    },

    createHostedAuthLink: (input) => createUnipileHostedAuthLink(ctx, input),
    listSentInvitations: (input) => listUnipileSentInvitations(ctx, input),
    withdrawInvitation: (input) => withdrawUnipileInvitation(ctx, input),
    searchPeople: (input) => searchUnipilePeople(ctx, input),
    searchParameters: (input) => unipileSearchParameters(ctx, input),
    listLeadLists: (input) => listUnipileLeadLists(ctx, input),
    leadListMembers: (input) => unipileLeadListMembers(ctx, input),
    postEngagers: (input) => unipilePostEngagers(ctx, input),
  };
}

/**
 * Unipile's dashboard shows the DSN as `apiN.unipile.com:PORT`, without a scheme; the SDK needs
 * `https://` in front (it splits the URL at `://` and puts `/api/v1` after the host).
 */
export function normaliseDsn(dsn: string): string {
  const trimmed = dsn.trim().replace(/\/+$/, '');
  return /^[a-z]+:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
