import type { SimTier } from './sim-rules.js';
import type { Relationship } from '../network.types.js';

/** Why an account may not act: a restriction by LinkedIn, answered with this status and type. */
export interface SimRestriction {
  status: 401 | 403;
  /** The error type without its `errors/` prefix, e.g. `account_restricted`. */
  reason: string;
  detail: string;
  sinceMs: number;
}

/** One connected LinkedIn account as Unipile sees it. */
export interface SimAccount {
  id: string;
  name: string;
  /** The account owner's own member id (the sender id of the messages it sends). */
  ownProviderId: string;
  tier: SimTier;
  /** InMail credits left in `inmailMonth`; granted again at each new month. */
  inmailCredits: number;
  inmailMonth: string;
  /** `CREDENTIALS` once the session is lost or the account restricted, until a reconnection. */
  status: 'OK' | 'CREDENTIALS' | 'ERROR' | 'STOPPED';
  /** Why the session was lost, given by a test or demo; the 401's detail says it. */
  lostReason?: string | undefined;
  restriction: SimRestriction | null;
  createdAt: Date;
  /** When the current LinkedIn session started, and its number (a reconnection starts another). */
  sessionStartedMs: number;
  session: number;
  /** Simulator times of what the limits count. */
  invitationTimes: number[];
  notedInvitationTimes: number[];
  messageTimes: number[];
  profileReadTimes: number[];
  /** Sensitive calls (invitations, messages) in the burst window. */
  sensitiveCallTimes: number[];
  /** Search results returned on `day` (UTC day number of the simulator clock). */
  searchResults: { day: number; used: number };
}

/** An account as it is connected: session starting now, nothing used yet, no credit until granted. */
export function newSimAccount(input: {
  id: string;
  name: string;
  ownProviderId: string;
  tier: SimTier;
  nowMs: number;
}): SimAccount {
  const { nowMs, ...identity } = input;
  return {
    ...identity,
    inmailCredits: 0,
    inmailMonth: new Date(nowMs).toISOString().slice(0, 7),
    status: 'OK',
    restriction: null,
    createdAt: new Date(nowMs),
    sessionStartedMs: nowMs,
    session: 0,
    invitationTimes: [],
    notedInvitationTimes: [],
    messageTimes: [],
    profileReadTimes: [],
    sensitiveCallTimes: [],
    searchResults: { day: 0, used: 0 },
  };
}

export interface SimInvitation {
  id: string;
  accountId: string;
  providerId: string;
  publicIdentifier: string;
  note: string | null;
  sentAtMs: number;
  /** When the invitee accepted it; null while pending, withdrawn, or never. */
  acceptedAtMs: number | null;
  /** When the account withdrew it (`DELETE /users/invite/sent/:id`); null otherwise. */
  withdrawnAtMs: number | null;
}

/** What one account and one lead have between them. */
export interface SimPair {
  accountId: string;
  providerId: string;
  publicIdentifier: string;
  relationship: Relationship;
  connectedAtMs: number | null;
  pendingInvitation: SimInvitation | null;
  /** The last withdrawal of an invitation to this lead: LinkedIn refuses a new one for a while. */
  withdrawnAtMs: number | null;
  invitationsSent: number;
  messagesSent: number;
  inboundForced: number;
  chatId: string | null;
}

export interface SimMessage {
  id: string;
  chatId: string;
  accountId: string;
  senderProviderId: string;
  isSender: boolean;
  text: string;
  timestampMs: number;
  /** Order of creation, to keep equal timestamps in a stable order. */
  seq: number;
}

export interface SimChat {
  id: string;
  accountId: string;
  attendeeProviderId: string;
  inmail: boolean;
  messages: SimMessage[];
}

export type SimRelationship = Relationship;

/** A cursor of a list: the offset of the next item, in base64 as the SDK's validators require. */
export function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ offset }), 'utf8').toString('base64');
}

export function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
    const offset = (parsed as { offset?: unknown }).offset;
    return typeof offset === 'number' && Number.isInteger(offset) && offset >= 0 ? offset : 0;
  } catch {
    return 0;
  }
}

/** One page of `items` from `cursor`; the next cursor is null at the end. */
export function pageOf<T>(
  items: T[],
  cursor: string | undefined,
  limit: number,
): { items: T[]; cursor: string | null } {
  const start = Math.min(decodeCursor(cursor), items.length);
  const slice = items.slice(start, start + limit);
  const end = start + slice.length;
  return { items: slice, cursor: end < items.length ? encodeCursor(end) : null };
}
