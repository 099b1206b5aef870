import type { SimChat, SimInvitation, SimMessage, SimPair } from './sim-model.js';
import {
  checkBurst,
  checkInvitation,
  checkInvitationStanding,
  checkMessage,
  recordInvitation,
  recordMessage,
  takeInmailCredit,
  takeProfileRead,
} from './sim-limits.js';
import { SimProblem } from './sim-problem.js';
import type { InmailApi } from './sim-rules.js';
import type { UnipileSimState } from './sim-state.js';

/** `POST /users/invite`: the account's limits, LinkedIn's refusals, then the invitation and its fate. */
export function invite(
  state: UnipileSimState,
  accountId: string,
  providerId: string,
  note: string | undefined,
): string {
  const account = state.activeAccount(accountId);
  checkBurst(state, account);
  const pair = state.pair(accountId, providerId);
  checkInvitation(state, account, note);
  if (pair.relationship === 'connected') {
    throw new SimProblem(422, 'already_connected', `${pair.publicIdentifier} is already a relation`);
  }
  if (pair.pendingInvitation) {
    throw new SimProblem(
      422,
      'already_invited_recently',
      `an invitation to ${pair.publicIdentifier} is pending`,
    );
  }
  const nowMs = state.now();
  checkReinvitation(state, pair, nowMs);
  checkInvitationStanding(state, account);
  recordInvitation(state, account, note);
  const n = pair.invitationsSent++;
  const id = state.oracle.id('inv', accountId, pair.publicIdentifier, n);
  const invitation: SimInvitation = {
    id,
    accountId,
    providerId: pair.providerId,
    publicIdentifier: pair.publicIdentifier,
    note: note ?? null,
    sentAtMs: nowMs,
    acceptedAtMs: null,
    withdrawnAtMs: null,
  };
  pair.relationship = 'invitation_pending';
  pair.pendingInvitation = invitation;
  state.invitations.set(id, invitation);
  const delayMs = state.oracle.acceptanceDelayMs(accountId, pair.publicIdentifier, n);
  if (delayMs !== null) state.schedule(nowMs + delayMs, () => state.accept(pair, id, nowMs + delayMs));
  state.log.record(
    {
      type: 'invitation',
      accountId,
      publicIdentifier: pair.publicIdentifier,
      note: note ?? null,
      content: null,
    },
    new Date(nowMs),
    id,
  );
  return id;
}

/**
 * LinkedIn: "after you withdraw an invitation, you won't be able to resend an invite to the same
 * recipient for up to three weeks" (https://www.linkedin.com/help/linkedin/answer/a551012). The
 * refusal takes the form Unipile documents for an invitation that cannot be sent again yet: 422
 * errors/cannot_resend_yet (https://developer.unipile.com/v2.0/reference/error-responses, the
 * "temporary provider limit" the weekly cap answers too; the detail names the withdrawal). Applies
 * whether strict or not, like `already_invited_recently`: it is a verdict on one recipient.
 */
function checkReinvitation(state: UnipileSimState, pair: SimPair, nowMs: number): void {
  const withdrawnAtMs = pair.withdrawnAtMs;
  if (withdrawnAtMs === null) return;
  const allowedAtMs = withdrawnAtMs + state.settings.reinviteAfterWithdrawalMs;
  if (nowMs >= allowedAtMs) return;
  throw new SimProblem(
    422,
    'cannot_resend_yet',
    `temporary provider limit: an invitation to ${pair.publicIdentifier} was withdrawn on ` +
      `${new Date(withdrawnAtMs).toISOString()}; it cannot be sent again before ` +
      `${new Date(allowedAtMs).toISOString()}`,
  );
}

/**
 * `DELETE /users/invite/sent/:invitation_id?account_id=` (SDK: `users.cancelInvitationSent`,
 * answer `{ object: 'InvitationCanceled' }`). Only a pending invitation of the account can be
 * withdrawn; one accepted, withdrawn already, or unknown answers 404 errors/resource_not_found (the
 * documented type for a missing resource, https://developer.unipile.com/v2.0/reference/error-responses).
 * A withdrawal is a write on LinkedIn and counts as a sensitive call for the burst rule (the
 * simulator's reading); the recipient is not notified and cannot be invited again for a while.
 */
export function withdrawInvitation(state: UnipileSimState, accountId: string, invitationId: string): void {
  const account = state.activeAccount(accountId);
  checkBurst(state, account);
  const invitation = state.invitations.get(invitationId);
  if (!invitation || invitation.accountId !== accountId)
    throw new SimProblem(404, 'resource_not_found', `no invitation ${invitationId} sent by ${accountId}`);
  const pair = state.pair(accountId, invitation.providerId);
  if (pair.pendingInvitation?.id !== invitationId) {
    const fate = invitation.acceptedAtMs !== null ? 'accepted' : 'withdrawn';
    throw new SimProblem(
      404,
      'resource_not_found',
      `invitation ${invitationId} is no longer pending (${fate})`,
    );
  }
  const nowMs = state.now();
  invitation.withdrawnAtMs = nowMs;
  pair.pendingInvitation = null;
  pair.relationship = 'none';
  pair.withdrawnAtMs = nowMs;
  state.log.record(
    {
      type: 'invitation_withdrawal',
      accountId,
      publicIdentifier: pair.publicIdentifier,
      note: null,
      content: null,
    },
    new Date(nowMs),
    invitationId,
  );
}

/** `GET /users/:identifier`; with `notify` LinkedIn records (and shows) a profile visit. */
export function viewProfile(
  state: UnipileSimState,
  accountId: string,
  identifier: string,
  notify: boolean,
): SimPair {
  const account = state.activeAccount(accountId);
  // Every retrieval counts toward the day's allowance, whatever the route or its options.
  takeProfileRead(state, account);
  const pair = state.pair(accountId, identifier);
  if (notify) {
    state.log.record(
      {
        type: 'profile_visit',
        accountId,
        publicIdentifier: pair.publicIdentifier,
        note: null,
        content: null,
      },
      new Date(state.now()),
      null,
    );
  }
  return pair;
}

/** An account's message to the lead of `chat`, with the lead's possible reply scheduled. */
function sendInChat(
  state: UnipileSimState,
  pair: SimPair,
  chat: SimChat,
  text: string,
  inmail: boolean,
): SimMessage {
  const account = state.account(pair.accountId);
  const nowMs = state.now();
  recordMessage(state, account);
  const n = pair.messagesSent++;
  const id = state.oracle.id('msg', pair.accountId, pair.publicIdentifier, 'sent', n);
  const message = state.addMessage(chat, {
    id,
    senderProviderId: account.ownProviderId,
    isSender: true,
    text,
    atMs: nowMs,
  });
  const reply = state.oracle.reply(pair.accountId, pair.publicIdentifier, n);
  if (reply) {
    const replyId = state.oracle.id('msg', pair.accountId, pair.publicIdentifier, 'reply', n);
    const atMs = nowMs + reply.delayMs;
    state.schedule(atMs, () => {
      state.addMessage(chat, {
        id: replyId,
        senderProviderId: pair.providerId,
        isSender: false,
        text: reply.content,
        atMs,
      });
    });
  }
  const type = inmail ? 'inmail' : 'message';
  state.log.record(
    {
      type,
      accountId: pair.accountId,
      publicIdentifier: pair.publicIdentifier,
      note: null,
      content: text,
    },
    new Date(nowMs),
    id,
  );
  return message;
}

/** `POST /chats/:chat_id/messages`. */
export function sendToChat(state: UnipileSimState, chatId: string, text: string): SimMessage {
  const chat = state.chats.get(chatId);
  if (!chat) throw new SimProblem(404, 'resource_not_found', `no chat ${chatId}`);
  const account = state.activeAccount(chat.accountId);
  checkBurst(state, account);
  checkMessage(state, account);
  const pair = state.pair(chat.accountId, chat.attendeeProviderId);
  return sendInChat(state, pair, chat, text, false);
}

/**
 * `POST /chats`: a plain message needs a relation; an InMail (`linkedin[inmail]` through the
 * classic API, or any new chat through Sales Navigator or Recruiter) needs that subscription and
 * a credit.
 */
export function startChat(
  state: UnipileSimState,
  accountId: string,
  attendeeId: string,
  text: string,
  options: { inmail: boolean; api: InmailApi },
): SimMessage {
  const account = state.activeAccount(accountId);
  checkBurst(state, account);
  const pair = state.pair(accountId, attendeeId);
  const asInmail = (options.inmail || options.api !== 'classic') && pair.relationship !== 'connected';
  if (!asInmail && pair.relationship !== 'connected') {
    throw new SimProblem(
      422,
      'no_connection_with_recipient',
      `${pair.publicIdentifier} is not a relation of ${accountId}`,
    );
  }
  checkMessage(state, account);
  if (asInmail) takeInmailCredit(state, account, options.api);
  return sendInChat(state, pair, state.chatOf(pair, asInmail), text, asInmail);
}

/** A lead writes now, whatever the oracle says (demos and tests). */
export function forceInboundMessage(
  state: UnipileSimState,
  accountId: string,
  publicIdentifier: string,
  text: string,
): SimMessage {
  state.settle();
  const pair = state.pair(accountId, publicIdentifier);
  const chat = state.chatOf(pair, false);
  const id = state.oracle.id('msg', accountId, publicIdentifier, 'inbound', pair.inboundForced++);
  return state.addMessage(chat, {
    id,
    senderProviderId: pair.providerId,
    isSender: false,
    text,
    atMs: state.now(),
  });
}

/** The lead accepts the pending invitation now. */
export function forceAcceptance(
  state: UnipileSimState,
  accountId: string,
  publicIdentifier: string,
): SimPair {
  state.settle();
  const pair = state.pair(accountId, publicIdentifier);
  const pending = pair.pendingInvitation;
  if (!pending)
    throw new SimProblem(422, 'invalid_parameters', `no pending invitation to ${publicIdentifier}`);
  state.accept(pair, pending.id, state.now());
  return pair;
}
