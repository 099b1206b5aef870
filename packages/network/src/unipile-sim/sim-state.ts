import type { Clock } from '../clock.js';
import { FaultInjector } from '../simulation/fault-injector.js';
import { MinHeap } from '../simulation/min-heap.js';
import { OutcomeOracle } from '../simulation/outcome-oracle.js';
import { ReceivedLog } from '../simulation/received-log.js';
import type { SimAccount, SimChat, SimMessage, SimPair } from './sim-model.js';
import { SimProblem } from './sim-problem.js';
import type { UnipileSimSettings } from './sim-settings.js';
import { accountStatusPayload, newMessagePayload, newRelationPayload } from './sim-webhook-payloads.js';

interface Scheduled {
  dueMs: number;
  order: number;
  apply: () => void;
}

/** A webhook body, with a key naming the event for the deterministic drop decision. */
export interface SimWebhook {
  key: string;
  payload: Record<string, unknown>;
}

const MEMBER_PREFIX = 'ACoAA';

/**
 * The simulated Unipile: accounts, members, relations, invitations, chats, and what the network
 * will do later. Time comes only from the clock and outcomes only from the sandbox's oracle, so a
 * seed replays the same run. There is no idempotency store: a repeated call acts again, as on the
 * real service.
 */
export class UnipileSimState {
  readonly oracle: OutcomeOracle;
  readonly faults = new FaultInjector();
  /** Every action performed (Unipile has no idempotency key: a repeated call is logged again). */
  readonly log = new ReceivedLog();
  readonly accounts = new Map<string, SimAccount>();
  readonly pairs = new Map<string, SimPair>();
  readonly chats = new Map<string, SimChat>();
  private scheduled = new MinHeap<Scheduled>(
    (a, b) => a.dueMs < b.dueMs || (a.dueMs === b.dueMs && a.order < b.order),
  );
  private order = 0;
  private messageSeq = 0;
  private accountsCreated = 0;

  constructor(
    readonly settings: UnipileSimSettings,
    private readonly clock: Clock,
    private readonly emit: (webhook: SimWebhook) => void,
  ) {
    this.oracle = new OutcomeOracle(settings);
  }

  now(): number {
    return this.clock().getTime();
  }

  /** The account, created on first use with the default entitlement. */
  account(accountId: string): SimAccount {
    let account = this.accounts.get(accountId);
    if (!account) {
      const premium = this.settings.defaultPremium;
      account = {
        id: accountId,
        name: `LinkedIn ${accountId}`,
        ownProviderId: memberIdOf(`owner-${accountId}`),
        premium,
        inmailCredits: premium ? this.settings.inmailCredits : 0,
        status: 'OK',
        createdAt: this.clock(),
        invitationTimes: [],
      };
      this.accounts.set(accountId, account);
    }
    return account;
  }

  /** The account for a call that needs a live session: 401 `disconnected_account` otherwise. */
  activeAccount(accountId: string): SimAccount {
    this.settle();
    const account = this.account(accountId);
    if (account.status !== 'OK') {
      throw new SimProblem(
        401,
        'disconnected_account',
        account.lostReason ?? `account ${accountId} must be reconnected`,
      );
    }
    return account;
  }

  /** Accounts made by a hosted-auth link get ids in Unipile's 22-character form. */
  newAccountId(name: string): string {
    const n = this.accountsCreated++;
    return Buffer.from(this.oracle.digest('account', name, n).slice(0, 32), 'hex')
      .toString('base64url')
      .slice(0, 22);
  }

  /** A lead by public identifier or member id; 404 `resource_not_found` for a missing profile. */
  pair(accountId: string, identifier: string): SimPair {
    const publicIdentifier = identifier.startsWith(MEMBER_PREFIX)
      ? publicIdentifierOf(identifier)
      : identifier;
    if (publicIdentifier === null || this.oracle.isMissing(publicIdentifier)) {
      throw new SimProblem(404, 'resource_not_found', `no profile ${identifier}`);
    }
    const key = `${accountId}\u0000${publicIdentifier}`;
    let pair = this.pairs.get(key);
    if (!pair) {
      const connected = this.oracle.alreadyConnected(accountId, publicIdentifier);
      pair = {
        accountId,
        providerId: memberIdOf(publicIdentifier),
        publicIdentifier,
        relationship: connected ? 'connected' : 'none',
        connectedAtMs: connected ? this.account(accountId).createdAt.getTime() : null,
        pendingInvitation: null,
        invitationsSent: 0,
        messagesSent: 0,
        inboundForced: 0,
        chatId: null,
      };
      this.pairs.set(key, pair);
    }
    return pair;
  }

  schedule(dueMs: number, apply: () => void): void {
    this.scheduled.push({ dueMs, order: this.order++, apply });
  }

  /** Applies every scheduled change that is due, in time order, and emits its webhook. */
  settle(): void {
    const nowMs = this.now();
    for (let next = this.scheduled.peek(); next && next.dueMs <= nowMs; next = this.scheduled.peek()) {
      this.scheduled.pop();
      next.apply();
    }
  }

  /** The pending invitation is accepted (if it is still the one pending). */
  accept(pair: SimPair, invitationId: string, atMs: number): boolean {
    if (pair.pendingInvitation?.id !== invitationId) return false;
    pair.relationship = 'connected';
    pair.pendingInvitation = null;
    pair.connectedAtMs = atMs;
    this.emit({
      key: `relation:${pair.accountId}:${pair.providerId}`,
      payload: newRelationPayload(this.oracle, pair),
    });
    return true;
  }

  /** The chat of the pair, created on the first message. */
  chatOf(pair: SimPair, inmail: boolean): SimChat {
    if (pair.chatId) {
      const existing = this.chats.get(pair.chatId);
      if (existing) return existing;
    }
    const id = this.oracle.id('cnv', pair.accountId, pair.publicIdentifier);
    const chat: SimChat = {
      id,
      accountId: pair.accountId,
      attendeeProviderId: pair.providerId,
      inmail,
      messages: [],
    };
    this.chats.set(id, chat);
    pair.chatId = id;
    return chat;
  }

  /** Adds a message to a chat and emits the new-message webhook (sent messages included, as Unipile does). */
  addMessage(
    chat: SimChat,
    input: { id: string; senderProviderId: string; isSender: boolean; text: string; atMs: number },
  ): SimMessage {
    const message: SimMessage = {
      ...input,
      chatId: chat.id,
      accountId: chat.accountId,
      timestampMs: input.atMs,
      seq: this.messageSeq++,
    };
    chat.messages.push(message);
    const account = this.account(chat.accountId);
    this.emit({ key: `message:${message.id}`, payload: newMessagePayload(account, chat, message) });
    return message;
  }

  /** The account loses its session: a CREDENTIALS webhook, then 401 on every call but the account's own. */
  expireSession(accountId: string, reason?: string): SimAccount {
    const account = this.account(accountId);
    if (account.status === 'OK') {
      account.status = 'CREDENTIALS';
      account.lostReason = reason;
      this.emit({
        key: `status:${accountId}:${this.order++}`,
        payload: accountStatusPayload(account, 'CREDENTIALS'),
      });
    }
    return account;
  }

  reconnect(accountId: string): SimAccount {
    const account = this.account(accountId);
    account.status = 'OK';
    this.emit({
      key: `status:${accountId}:${this.order++}`,
      payload: accountStatusPayload(account, 'RECONNECTED'),
    });
    return account;
  }

  /** Forgets everything but the clock. */
  reset(): void {
    this.accounts.clear();
    this.pairs.clear();
    this.chats.clear();
    this.faults.clear();
    this.log.clear();
    this.scheduled = new MinHeap<Scheduled>(
      (a, b) => a.dueMs < b.dueMs || (a.dueMs === b.dueMs && a.order < b.order),
    );
    this.accountsCreated = 0;
  }
}

/** Member ids are derived from the public identifier and back, so they survive a restart. */
export function memberIdOf(publicIdentifier: string): string {
  return `${MEMBER_PREFIX}${Buffer.from(publicIdentifier, 'utf8').toString('hex')}`;
}

export function publicIdentifierOf(memberId: string): string | null {
  const hex = memberId.slice(MEMBER_PREFIX.length);
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) return null;
  return Buffer.from(hex, 'hex').toString('utf8');
}
