import type { Clock } from '../clock.js';
import { FaultInjector } from '../simulation/fault-injector.js';
import { OutcomeOracle } from '../simulation/outcome-oracle.js';
import { ReceivedLog } from '../simulation/received-log.js';
import { CallLog } from './sim-call-log.js';
import { emitStatusWebhook, scheduleSessionEnd } from './sim-lifecycle.js';
import { MEMBER_PREFIX, linkedinSpelling, memberIdOf, publicIdentifierOf } from './sim-identifiers.js';
import { monthlyInmailCredits } from './sim-limits.js';
import {
  type SimAccount,
  type SimChat,
  type SimInvitation,
  type SimMessage,
  type SimPair,
  type SimRestriction,
  newSimAccount,
} from './sim-model.js';
import { SimLeadSources } from './sim-lead-sources.js';
import { SimProblem } from './sim-problem.js';
import { type SimTier, monthOf } from './sim-rules.js';
import type { UnipileSimSettings } from './sim-settings.js';
import { SimTimeline, type SimWebhook } from './sim-timeline.js';
import { newMessagePayload, newRelationPayload } from './sim-webhook-payloads.js';

/**
 * The simulated Unipile: accounts, members, relations, invitations, chats, and what the network
 * will do later (its `SimTimeline`). Time comes only from the clock and outcomes only from the
 * sandbox's oracle, so a seed replays the same run. There is no idempotency store: a repeated call
 * acts again, as on the real service.
 */
export class UnipileSimState extends SimTimeline {
  readonly oracle: OutcomeOracle;
  readonly faults = new FaultInjector();
  /** Every action performed (Unipile has no idempotency key: a repeated call is logged again). */
  readonly log = new ReceivedLog();
  /** Every call received for an account, reads included, with its kind and answer status. */
  readonly calls = new CallLog();
  readonly accounts = new Map<string, SimAccount>();
  readonly pairs = new Map<string, SimPair>();
  readonly chats = new Map<string, SimChat>();
  /** Every invitation ever sent, by id, whatever became of it (the acceptance figures read it). */
  readonly invitations = new Map<string, SimInvitation>();
  /** Searches, lead lists and posts: the people the lead-source routes list. */
  readonly leadSources: SimLeadSources;
  private messageSeq = 0;
  private accountsCreated = 0;

  constructor(
    readonly settings: UnipileSimSettings,
    clock: Clock,
    emit: (webhook: SimWebhook) => void,
  ) {
    super(clock, emit);
    this.oracle = new OutcomeOracle(settings);
    this.leadSources = new SimLeadSources(this.oracle, settings);
  }

  /** The account, created on first use with the default tier. */
  account(accountId: string): SimAccount {
    return this.accounts.get(accountId) ?? this.createAccount(accountId);
  }

  /** A new account (or the existing one, given a new tier), its session starting now. */
  createAccount(accountId: string, tier?: SimTier, name?: string): SimAccount {
    const existing = this.accounts.get(accountId);
    if (existing) {
      if (tier) this.setTier(existing, tier);
      if (name) existing.name = name;
      return existing;
    }
    const nowMs = this.now();
    const account = newSimAccount({
      id: accountId,
      name: name ?? `LinkedIn ${accountId}`,
      ownProviderId: memberIdOf(`owner-${accountId}`),
      tier: tier ?? this.settings.defaultTier ?? (this.settings.defaultPremium ? 'premium' : 'free'),
      nowMs,
    });
    account.inmailCredits = monthlyInmailCredits(this, account);
    this.accounts.set(accountId, account);
    scheduleSessionEnd(this, account);
    return account;
  }

  setTier(account: SimAccount, tier: SimTier): void {
    account.tier = tier;
    account.inmailCredits = monthlyInmailCredits(this, account);
  }

  /** Credits left this month: a new month grants the tier's allowance again. */
  inmailBalance(account: SimAccount): number {
    const month = monthOf(this.now());
    if (account.inmailMonth !== month) {
      account.inmailMonth = month;
      account.inmailCredits = monthlyInmailCredits(this, account);
    }
    return account.inmailCredits;
  }

  /**
   * The account for a call that needs a live session. A restricted account answers its
   * restriction (403 `account_restricted`...), a lost session 401 `disconnected_account`
   * (https://developer.unipile.com/v2.0/reference/error-responses).
   */
  activeAccount(accountId: string): SimAccount {
    this.settle();
    const account = this.account(accountId);
    const restriction = account.restriction;
    if (restriction) throw new SimProblem(restriction.status, restriction.reason, restriction.detail);
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
      : linkedinSpelling(identifier);
    if (publicIdentifier === null || this.oracle.isMissing(publicIdentifier)) {
      throw new SimProblem(404, 'resource_not_found', `no profile ${identifier}`);
    }
    const key = pairKey(accountId, publicIdentifier);
    let pair = this.pairs.get(key);
    if (!pair) {
      const connected = this.oracle.alreadyConnected(accountId, publicIdentifier);
      pair = {
        accountId,
        providerId: memberIdOf(publicIdentifier, accountId),
        publicIdentifier,
        relationship: connected ? 'connected' : 'none',
        connectedAtMs: connected ? this.account(accountId).createdAt.getTime() : null,
        pendingInvitation: null,
        withdrawnAtMs: null,
        invitationsSent: 0,
        messagesSent: 0,
        inboundForced: 0,
        chatId: null,
      };
      this.pairs.set(key, pair);
    }
    return pair;
  }

  /** The pair if the account has met the person already (nothing is created). */
  knownPair(accountId: string, publicIdentifier: string): SimPair | undefined {
    return this.pairs.get(pairKey(accountId, publicIdentifier));
  }

  /** The pending invitation is accepted (if it is still the one pending). */
  accept(pair: SimPair, invitationId: string, atMs: number): boolean {
    if (pair.pendingInvitation?.id !== invitationId) return false;
    pair.pendingInvitation.acceptedAtMs = atMs;
    pair.relationship = 'connected';
    pair.pendingInvitation = null;
    pair.connectedAtMs = atMs;
    // Unipile polls relations at random intervals, so new_relation comes up to 8 hours after the
    // acceptance, and some never come (https://developer.unipile.com/docs/detecting-accepted-invitations).
    const key = `relation:${pair.accountId}:${pair.providerId}`;
    const { strict, relationWebhookLossProbability, relationWebhookMaxDelayMs } = this.settings;
    if (strict && this.oracle.draw('relation-loss', key) < relationWebhookLossProbability) return true;
    const delayMs = strict
      ? Math.floor(this.oracle.draw('relation-delay', key) * relationWebhookMaxDelayMs)
      : 0;
    this.pushAt(atMs + delayMs, { key, payload: newRelationPayload(this.oracle, pair) });
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
    const key = `message:${message.id}`;
    // The new-message webhook may name no message or no chat
    // (https://developer.unipile.com/docs/new-messages-webhook).
    const p = this.settings.strict ? this.settings.nullMessageIdProbability : 0;
    const nulls = {
      messageId: this.oracle.draw('null-message-id', key) < p,
      chatId: this.oracle.draw('null-chat-id', key) < p,
    };
    this.emit({ key, payload: newMessagePayload(account, chat, message, nulls) });
    return message;
  }

  /** The account loses its session: a CREDENTIALS webhook, then 401 on every call but the account's own. */
  expireSession(accountId: string, reason?: string): SimAccount {
    const account = this.account(accountId);
    if (account.status === 'OK') {
      account.status = 'CREDENTIALS';
      account.lostReason = reason;
      this.emitStatus(account, 'CREDENTIALS');
    }
    return account;
  }

  /**
   * LinkedIn restricts the account: every call answers the restriction from now on, and the
   * status webhook says CREDENTIALS (https://developer.unipile.com/v2.0/docs/status-lifecycle: too
   * many requests to sensitive endpoints disconnect the account).
   */
  restrict(account: SimAccount, restriction: Omit<SimRestriction, 'sinceMs'>): SimAccount {
    if (account.restriction) return account;
    account.restriction = { ...restriction, sinceMs: this.now() };
    account.status = 'CREDENTIALS';
    this.emitStatus(account, 'CREDENTIALS');
    return account;
  }

  /** A new session (hosted reconnection): restrictions lifted, a new month-long session. */
  reconnect(accountId: string): SimAccount {
    const account = this.account(accountId);
    account.status = 'OK';
    account.restriction = null;
    account.lostReason = undefined;
    account.session += 1;
    account.sessionStartedMs = this.now();
    scheduleSessionEnd(this, account);
    this.emitStatus(account, 'RECONNECTED');
    return account;
  }

  /** Sets a provider status (ERROR, STOPPED, OK...) and sends its webhook. */
  setStatus(account: SimAccount, status: SimAccount['status']): SimAccount {
    account.status = status;
    this.emitStatus(account, status);
    return account;
  }

  /** A status webhook, late and now and then twice (see sim-lifecycle.ts). */
  emitStatus(account: SimAccount, message: string): void {
    emitStatusWebhook(this, account, message, `status:${account.id}:${this.order++}`);
  }

  /** Forgets everything but the clock. */
  reset(): void {
    this.accounts.clear();
    this.pairs.clear();
    this.chats.clear();
    this.invitations.clear();
    this.leadSources.clear();
    this.faults.clear();
    this.log.clear();
    this.calls.clear();
    this.clearSchedule();
    this.accountsCreated = 0;
  }
}

const pairKey = (accountId: string, publicIdentifier: string) => `${accountId}\u0000${publicIdentifier}`;
