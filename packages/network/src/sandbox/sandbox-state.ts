import type { Clock } from '../clock.js';
import type { Relationship } from '../network.port.js';
import type {
  WireEvent,
  WireEventsResponse,
  WireInvitationResponse,
  WireMessageResponse,
  WireProfileVisitResponse,
  WireRelationshipResponse,
} from '../wire/provider-wire.schema.js';
import { FaultInjector } from './fault-injector.js';
import { IdempotencyStore } from './idempotency-store.js';
import { OutcomeOracle } from './outcome-oracle.js';
import { ProviderError } from './provider-error.js';
import { ReceivedLog } from './received-log.js';
import { acceptanceEvent, messageReceivedEvent } from './sandbox-events.js';
import { SandboxAccount, type SandboxAccountView } from './sandbox-account.js';
import type { SandboxSettings } from './sandbox-settings.js';

/** What one sender account and one lead have between them. */
interface Pair {
  relationship: Relationship;
  invitationsSent: number;
  messagesSent: number;
  inboundForced: number;
  pendingInvitationId: string | null;
}

export interface InvitationInput {
  publicIdentifier: string;
  note?: string | undefined;
}

export interface MessageInput {
  publicIdentifier: string;
  content: string;
  inmail: boolean;
}

/**
 * The simulated provider: accounts, relationships, the actions it performed and the events it
 * will report. Time comes only from the injected clock; outcomes only from the oracle.
 */
export class SandboxNetworkState {
  readonly faults = new FaultInjector();
  readonly log = new ReceivedLog();
  readonly responses = new IdempotencyStore();
  readonly oracle: OutcomeOracle;
  private accounts = new Map<string, SandboxAccount>();
  private pairs = new Map<string, Pair>();

  constructor(
    readonly settings: SandboxSettings,
    private readonly clock: Clock,
  ) {
    this.oracle = new OutcomeOracle(settings);
  }

  now(): Date {
    return this.clock();
  }

  /** The account, created on first use and settled up to now. */
  account(accountId: string): SandboxAccount {
    let account = this.accounts.get(accountId);
    if (!account) {
      account = new SandboxAccount(accountId, this.settings.defaultInmailAllowed, this.now());
      this.accounts.set(accountId, account);
    }
    account.settle(this.now().getTime());
    return account;
  }

  /** The account for a call that needs a live session. */
  activeAccount(accountId: string): SandboxAccount {
    const account = this.account(accountId);
    if (account.sessionExpiredReason !== null) {
      throw new ProviderError(401, 'session_expired', account.sessionExpiredReason);
    }
    return account;
  }

  findAccount(accountId: string): SandboxAccountView | undefined {
    return this.accounts.has(accountId) ? this.account(accountId).view() : undefined;
  }

  upsertAccount(accountId: string, changes: { inmailAllowed?: boolean | undefined }): SandboxAccountView {
    const account = this.account(accountId);
    if (changes.inmailAllowed !== undefined) account.inmailAllowed = changes.inmailAllowed;
    return account.view();
  }

  /** The account loses its session: a `session_expired` event, then 401s until reconnected. */
  expireSession(accountId: string, reason: string): SandboxAccountView {
    const account = this.account(accountId);
    if (account.sessionExpiredReason === null) {
      account.sessionExpiredReason = reason;
      const n = account.sessionExpiries++;
      const occurredAt = this.now().toISOString();
      account.publish({
        id: this.oracle.id('evt', accountId, 'session', n),
        type: 'session_expired',
        reason,
        occurredAt,
      });
    }
    return account.view();
  }

  reconnect(accountId: string): SandboxAccountView {
    const account = this.account(accountId);
    account.sessionExpiredReason = null;
    return account.view();
  }

  sendInvitation(accountId: string, input: InvitationInput, idempotencyKey: string): WireInvitationResponse {
    const account = this.activeAccount(accountId);
    const pair = this.pair(accountId, input.publicIdentifier);
    if (pair.relationship !== 'none') {
      const code = pair.relationship === 'connected' ? 'already_connected' : 'invitation_pending';
      throw new ProviderError(409, code, `${input.publicIdentifier}: ${code.replace('_', ' ')}`);
    }
    const { publicIdentifier } = input;
    const n = pair.invitationsSent++;
    const invitationId = this.oracle.id('inv', accountId, publicIdentifier, n);
    const sentAt = this.now();
    pair.relationship = 'invitation_pending';
    pair.pendingInvitationId = invitationId;
    const delayMs = this.oracle.acceptanceDelayMs(accountId, publicIdentifier, n);
    if (delayMs !== null) {
      const dueMs = sentAt.getTime() + delayMs;
      account.schedule(
        dueMs,
        acceptanceEvent(this.oracle, { invitationId, publicIdentifier, atMs: dueMs }),
        () => this.accept(pair, invitationId),
      );
    }
    const note = input.note ?? null;
    this.log.record(
      { type: 'invitation', accountId, publicIdentifier, note, content: null, idempotencyKey },
      sentAt,
      invitationId,
    );
    return { invitationId, sentAt: sentAt.toISOString() };
  }

  sendMessage(accountId: string, input: MessageInput, idempotencyKey: string): WireMessageResponse {
    const account = this.activeAccount(accountId);
    const { publicIdentifier, content, inmail } = input;
    const pair = this.pair(accountId, publicIdentifier);
    if (inmail && !account.inmailAllowed) {
      throw new ProviderError(403, 'inmail_not_allowed', `account ${accountId} has no InMail`);
    }
    if (!inmail && pair.relationship !== 'connected') {
      throw new ProviderError(
        409,
        'not_connected',
        `${publicIdentifier} is not a connection of ${accountId}`,
      );
    }
    const n = pair.messagesSent++;
    const messageId = this.oracle.id('msg', accountId, publicIdentifier, 'sent', n);
    const conversationId = this.oracle.id('cnv', accountId, publicIdentifier);
    const sentAt = this.now();
    const reply = this.oracle.reply(accountId, publicIdentifier, n);
    if (reply) {
      const replyId = this.oracle.id('msg', accountId, publicIdentifier, 'reply', n);
      const dueMs = sentAt.getTime() + reply.delayMs;
      account.schedule(
        dueMs,
        messageReceivedEvent(this.oracle, {
          messageId: replyId,
          conversationId,
          publicIdentifier,
          content: reply.content,
          atMs: dueMs,
        }),
      );
    }
    const type = inmail ? 'inmail' : 'message';
    this.log.record(
      { type, accountId, publicIdentifier, note: null, content, idempotencyKey },
      sentAt,
      messageId,
    );
    return { messageId, conversationId, sentAt: sentAt.toISOString() };
  }

  visitProfile(
    accountId: string,
    publicIdentifier: string,
    idempotencyKey: string,
  ): WireProfileVisitResponse {
    this.activeAccount(accountId);
    this.requireProfile(publicIdentifier);
    const visitedAt = this.now();
    const action = {
      type: 'profile_visit',
      accountId,
      publicIdentifier,
      note: null,
      content: null,
      idempotencyKey,
    } as const;
    this.log.record(action, visitedAt, null);
    return { profile: this.oracle.profile(publicIdentifier), visitedAt: visitedAt.toISOString() };
  }

  relationship(accountId: string, publicIdentifier: string): WireRelationshipResponse {
    this.activeAccount(accountId);
    return { publicIdentifier, relationship: this.pair(accountId, publicIdentifier).relationship };
  }

  /**
   * The feed stays readable while the session is expired: it is how the provider tells the
   * caller that the session was lost.
   */
  events(accountId: string, cursor: number, limit: number): WireEventsResponse {
    const page = this.account(accountId).page(cursor, limit);
    return { events: page.events, cursor: String(page.cursor), hasMore: page.hasMore };
  }

  /** A lead writes to the account now, whatever the oracle says (demos and tests). */
  forceInboundMessage(accountId: string, publicIdentifier: string, content: string): WireEvent {
    const account = this.account(accountId);
    const pair = this.pair(accountId, publicIdentifier);
    const messageId = this.oracle.id('msg', accountId, publicIdentifier, 'inbound', pair.inboundForced++);
    const conversationId = this.oracle.id('cnv', accountId, publicIdentifier);
    const atMs = this.now().getTime();
    const event = messageReceivedEvent(this.oracle, {
      messageId,
      conversationId,
      publicIdentifier,
      content,
      atMs,
    });
    account.publish(event);
    return event;
  }

  /** The lead accepts the pending invitation now, whatever the oracle says. */
  forceAcceptance(accountId: string, publicIdentifier: string): WireEvent {
    const account = this.account(accountId);
    const pair = this.pair(accountId, publicIdentifier);
    const invitationId = pair.pendingInvitationId;
    if (invitationId === null) {
      throw new ProviderError(409, 'invalid_request', `no pending invitation to ${publicIdentifier}`);
    }
    this.accept(pair, invitationId);
    const event = acceptanceEvent(this.oracle, {
      invitationId,
      publicIdentifier,
      atMs: this.now().getTime(),
    });
    account.publish(event);
    return event;
  }

  /** Forgets everything: accounts, relationships, stored responses, faults and the log. */
  reset(): void {
    this.accounts = new Map();
    this.pairs = new Map();
    this.faults.clear();
    this.log.clear();
    this.responses.clear();
  }

  private pair(accountId: string, publicIdentifier: string): Pair {
    this.requireProfile(publicIdentifier);
    const key = `${accountId}\u0000${publicIdentifier}`;
    let pair = this.pairs.get(key);
    if (!pair) {
      const connected = this.oracle.alreadyConnected(accountId, publicIdentifier);
      pair = {
        relationship: connected ? 'connected' : 'none',
        invitationsSent: 0,
        messagesSent: 0,
        inboundForced: 0,
        pendingInvitationId: null,
      };
      this.pairs.set(key, pair);
    }
    return pair;
  }

  private requireProfile(publicIdentifier: string): void {
    if (this.oracle.isMissing(publicIdentifier)) {
      throw new ProviderError(404, 'profile_not_found', `no profile ${publicIdentifier}`);
    }
  }

  private accept(pair: Pair, invitationId: string): boolean {
    if (pair.pendingInvitationId !== invitationId) return false;
    pair.relationship = 'connected';
    pair.pendingInvitationId = null;
    return true;
  }
}
