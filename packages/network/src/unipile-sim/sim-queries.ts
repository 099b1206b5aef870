import type { SimChat, SimInvitation, SimMessage, SimPair } from './sim-model.js';
import type { UnipileSimState } from './sim-state.js';

const newestFirst = (a: SimMessage, b: SimMessage) => b.timestampMs - a.timestampMs || b.seq - a.seq;

/** `GET /chat_attendees/:id/chats`: the account's chats with that member. */
export function chatsWithAttendee(state: UnipileSimState, accountId: string, attendeeId: string): SimChat[] {
  state.activeAccount(accountId);
  const pair = state.pair(accountId, attendeeId);
  const chat = pair.chatId ? state.chats.get(pair.chatId) : undefined;
  return chat ? [chat] : [];
}

/** Messages at or after `after`, newest first. */
function since(messages: SimMessage[], after: number | null): SimMessage[] {
  return messages.filter((m) => after === null || m.timestampMs >= after).sort(newestFirst);
}

export function chatMessages(state: UnipileSimState, chat: SimChat, after: number | null): SimMessage[] {
  state.activeAccount(chat.accountId);
  return since(chat.messages, after);
}

/** `GET /messages?account_id=`: every chat of the account. */
export function accountMessages(
  state: UnipileSimState,
  accountId: string,
  after: number | null,
): SimMessage[] {
  state.activeAccount(accountId);
  const all = [...state.chats.values()].filter((c) => c.accountId === accountId).flatMap((c) => c.messages);
  return since(all, after);
}

/** `GET /users/relations`: newest relation first. */
export function relations(state: UnipileSimState, accountId: string): SimPair[] {
  state.activeAccount(accountId);
  return [...state.pairs.values()]
    .filter((p) => p.accountId === accountId && p.relationship === 'connected')
    .sort(
      (a, b) =>
        (b.connectedAtMs ?? 0) - (a.connectedAtMs ?? 0) ||
        a.publicIdentifier.localeCompare(b.publicIdentifier),
    );
}

/** `GET /users/invite/sent`: the invitations still waiting for an answer, newest first. */
export function invitationsSent(state: UnipileSimState, accountId: string): SimInvitation[] {
  state.activeAccount(accountId);
  return [...state.pairs.values()]
    .filter((p) => p.accountId === accountId && p.pendingInvitation !== null)
    .map((p) => p.pendingInvitation as SimInvitation)
    .sort((a, b) => b.sentAtMs - a.sentAtMs || a.id.localeCompare(b.id));
}
