import {
  ACCOUNT_STATUSES,
  type AccountLimits,
  type AccountStatus,
  type AccountTier,
  type LimitSettings,
} from '@outreach/domain';
import type { QueryFilter, UpdateQuery } from 'mongoose';
import { AlreadyExistsError, NotFoundError } from '../common/db-errors.js';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import { pageBounds, type Page, type PageRequest } from '../common/page.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { toSenderAccount, type SenderAccount } from './sender-account.entity.js';
import {
  applyProviderState,
  findByProviderAccountId,
  type ProviderStateChange,
  type ProviderStateResult,
} from './sender-account-provider.js';
import { saveEventCursor, takePacingSlot, type PacingSlot } from './sender-account-runner-state.js';
import {
  claimPoll,
  markRestricted,
  setCooldown,
  setInmailBalance,
  setTier,
  startWarmUpIfNew,
  touchLastAction,
  updateLimitSettings,
  type LimitSettingsPatch,
  type TierReading,
} from './sender-account-safety.js';
import type { AccountRestriction, InmailBalance, SenderAccountRecord } from './sender-account.schema.js';

export interface NewSenderAccount {
  name: string;
  publicIdentifier: string;
  status?: AccountStatus;
  authenticated?: boolean;
  active?: boolean;
  timezone?: string;
  inmailAllowed?: boolean;
  /** Defaults to `free`: a paid tier is known only once the provider says so. */
  tier?: AccountTier;
  limitSettings?: LimitSettings;
  /** Former name of `limitSettings` (the five caps of before tiers); every value given is a setting. */
  limits?: Partial<AccountLimits>;
  /**
   * When its warm-up began; by default now for a connected account (a new connection warms up).
   * Null for an account known to be established (imported with its history).
   */
  warmUpStartedAt?: Date | null;
}

export interface SenderAccountPatch {
  name?: string;
  timezone?: string;
  inmailAllowed?: boolean;
  authenticated?: boolean;
  active?: boolean;
}

export class SenderAccountRepository {
  constructor(
    private readonly records: ScopedModel<SenderAccountRecord>,
    private readonly clock: () => Date,
  ) {}

  /**
   * With `id` (reserved by an Idempotency-Key's claim), an account already stored under it is
   * returned as it is instead of a second one: a retry of a request that died mid-way.
   */
  async create(
    workspaceId: WorkspaceId,
    input: NewSenderAccount,
    options: { id?: string } = {},
  ): Promise<SenderAccount> {
    const now = this.clock();
    const status = input.status ?? 'connected';
    try {
      const { record } = await this.records.insertOnce(workspaceId, {
        _id: options.id ?? newId('account'),
        name: input.name,
        publicIdentifier: input.publicIdentifier,
        status,
        disconnectReason: null,
        authenticated: input.authenticated ?? true,
        active: input.active ?? true,
        timezone: input.timezone ?? 'UTC',
        inmailAllowed: input.inmailAllowed ?? false,
        tier: input.tier ?? 'free',
        tierCheckedAt: null,
        limitSettings: { ...input.limits, ...input.limitSettings },
        warmUpStartedAt:
          input.warmUpStartedAt !== undefined ? input.warmUpStartedAt : status === 'connected' ? now : null,
        lastActionAt: null,
        restriction: null,
        cooldownUntil: null,
        cooldownReason: null,
        inmailBalance: null,
        nextPollAt: null,
        connectedAt: status === 'connected' ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      return toSenderAccount(record);
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new AlreadyExistsError('sender account', input.publicIdentifier);
      throw error;
    }
  }

  async list(workspaceId: WorkspaceId): Promise<SenderAccount[]> {
    const records = await this.records.find(workspaceId, {}, { sort: { createdAt: 1 } });
    return records.map(toSenderAccount);
  }

  /** One page of the workspace's accounts in creation order, and how many there are in all. */
  async listPage(workspaceId: WorkspaceId, page: PageRequest = {}): Promise<Page<SenderAccount>> {
    const { skip, limit } = pageBounds(page);
    const [total, records] = await Promise.all([
      this.records.count(workspaceId, {}),
      this.records.find(workspaceId, {}, { sort: { createdAt: 1, _id: 1 }, skip, limit }),
    ]);
    return { total, items: records.map(toSenderAccount) };
  }

  async get(workspaceId: WorkspaceId, id: string): Promise<SenderAccount | null> {
    const record = await this.records.findOne(workspaceId, { _id: id });
    return record ? toSenderAccount(record) : null;
  }

  /** The workspace's accounts among `ids`, in the order asked; unknown ids are left out. */
  async getMany(workspaceId: WorkspaceId, ids: readonly string[]): Promise<SenderAccount[]> {
    const records = await this.records.find(workspaceId, { _id: { $in: [...ids] } });
    const byId = new Map(records.map((record) => [record._id, toSenderAccount(record)]));
    return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
  }

  async update(workspaceId: WorkspaceId, id: string, patch: SenderAccountPatch): Promise<SenderAccount> {
    return this.apply(workspaceId, id, { $set: { ...patch, updatedAt: this.clock() } });
  }

  /**
   * Changes some of the user's limit settings (null removes one, the tier's default applies
   * again) when the account's tier is still `expected.tier`, the tier they were checked against
   * (the domain's `applyLimitSettings`); null when it changed meanwhile (see sender-account-safety).
   */
  updateLimitSettings(
    workspaceId: WorkspaceId,
    id: string,
    patch: LimitSettingsPatch,
    expected: { tier: AccountTier },
  ): Promise<SenderAccount | null> {
    return updateLimitSettings(this.records, workspaceId, id, patch, expected, this.clock());
  }

  /**
   * Moves the account to `status`. `changed` is true only for the call that made the transition,
   * so the caller fires `network_account_disconnected` once however many reports arrive. A
   * (re)connection starts a new session: `connectedAt` is set to now. `authenticated` follows the
   * session: false from the moment it is lost until it is restored. With `expected.connectedAt`,
   * only that session is moved (a report about a session that has since been replaced changes
   * nothing). A (re)connection clears any restriction, and starts the warm-up of an account that
   * never acted (one that did warms up again when it acts after idle weeks); a lost session does not
   * turn a `restricted` account into a merely `disconnected` one (the restriction says more).
   */
  async setStatus(
    workspaceId: WorkspaceId,
    id: string,
    status: AccountStatus,
    reason: string | null = null,
    expected: { connectedAt?: Date | null } = {},
  ): Promise<{ account: SenderAccount; changed: boolean }> {
    const now = this.clock();
    const unchanged: AccountStatus[] = status === 'disconnected' ? [status, 'restricted'] : [status];
    const filter: QueryFilter<SenderAccountRecord> = { _id: id, status: { $nin: unchanged } };
    if (expected.connectedAt !== undefined) filter.connectedAt = expected.connectedAt;
    const changed = await this.records.findOneAndUpdate(workspaceId, filter, {
      $set: {
        status,
        authenticated: status === 'connected',
        disconnectReason: status === 'disconnected' ? reason : null,
        ...(status === 'connected' ? { connectedAt: now, restriction: null } : {}),
        updatedAt: now,
      },
    });
    if (changed && status === 'connected') {
      const warming = await startWarmUpIfNew(this.records, workspaceId, id, now);
      return { account: warming ?? toSenderAccount(changed), changed: true };
    }
    if (changed) return { account: toSenderAccount(changed), changed: true };
    const current = await this.get(workspaceId, id);
    if (!current) throw new NotFoundError('sender account', [id]);
    return { account: current, changed: false };
  }

  /**
   * The runner's view, unscoped by nature: connected accounts of every workspace (their network
   * event feeds are read), in `_id` order, `limit` at a time after `afterId`.
   */
  async listConnectedAcrossWorkspaces(
    page: { afterId?: string; limit?: number } = {},
  ): Promise<SenderAccount[]> {
    const filter: QueryFilter<SenderAccountRecord> = { status: 'connected' };
    if (page.afterId !== undefined) filter._id = { $gt: page.afterId };
    const records = await this.records.acrossWorkspaces
      .find(filter)
      .sort({ _id: 1 })
      .limit(page.limit ?? 100)
      .lean<SenderAccountRecord[]>()
      .exec();
    return records.map(toSenderAccount);
  }

  /**
   * How many sender accounts of every workspace are in each status: one count of the status index
   * per status, for the runner's gauges (unscoped by nature, like the runner's other views).
   */
  async countByStatusAcrossWorkspaces(): Promise<Record<AccountStatus, number>> {
    const counts = await Promise.all(
      ACCOUNT_STATUSES.map((status) => this.records.acrossWorkspaces.countDocuments({ status }).exec()),
    );
    return Object.fromEntries(ACCOUNT_STATUSES.map((status, i) => [status, counts[i] ?? 0])) as Record<
      AccountStatus,
      number
    >;
  }

  /** The runners' shared pacing gate, taken atomically (see sender-account-runner-state). */
  takePacingSlot(workspaceId: WorkspaceId, id: string, now: Date, gapMs: number): Promise<PacingSlot> {
    return takePacingSlot(this.records, workspaceId, id, { now, gapMs });
  }

  /**
   * Stores the event feed cursor; with `expected`, only over that cursor, so it never moves back
   * (see sender-account-runner-state). True when stored.
   */
  saveEventCursor(
    workspaceId: WorkspaceId,
    id: string,
    cursor: string,
    expected?: string | null,
  ): Promise<boolean> {
    return saveEventCursor(this.records, workspaceId, id, cursor, expected);
  }

  /** The sender account held by a provider account, in any workspace (unscoped by nature). */
  findByProviderAccountIdAcrossWorkspaces(providerAccountId: string): Promise<SenderAccount | null> {
    return findByProviderAccountId(this.records, providerAccountId);
  }

  /** Applies a provider status report when it is the newest (see sender-account-provider). */
  applyProviderState(
    workspaceId: WorkspaceId,
    id: string,
    change: ProviderStateChange,
    beforeTransition?: (current: SenderAccount) => Promise<void>,
  ): Promise<ProviderStateResult> {
    return applyProviderState(this.records, workspaceId, id, change, this.clock(), beforeTransition);
  }

  /**
   * No action for this account before `until`, for `reason` (a limit answer of the network); a
   * longer cooldown already running is kept. The former form, a bare date or null, sets the end as
   * given (null lifts the cooldown) and is kept for callers not yet passing a reason.
   */
  async setCooldown(
    workspaceId: WorkspaceId,
    id: string,
    cooldown: { until: Date; reason: string } | Date | null,
  ): Promise<SenderAccount> {
    if (cooldown === null || cooldown instanceof Date) {
      return this.apply(workspaceId, id, {
        $set: { cooldownUntil: cooldown, cooldownReason: null, updatedAt: this.clock() },
      });
    }
    return setCooldown(this.records, workspaceId, id, cooldown);
  }

  /** The tier read from the provider (with its InMail capability); an older reading changes nothing. */
  setTier(workspaceId: WorkspaceId, id: string, reading: TierReading): Promise<SenderAccount> {
    return setTier(this.records, workspaceId, id, reading);
  }

  /** The InMail credits read from the provider; an older reading changes nothing. */
  setInmailBalance(workspaceId: WorkspaceId, id: string, balance: InmailBalance): Promise<SenderAccount> {
    return setInmailBalance(this.records, workspaceId, id, balance);
  }

  /** The network restricted the account; `changed` for the one call that moved it. */
  markRestricted(
    workspaceId: WorkspaceId,
    id: string,
    restriction: AccountRestriction,
  ): Promise<{ account: SenderAccount; changed: boolean }> {
    return markRestricted(this.records, workspaceId, id, restriction, this.clock());
  }

  /** The account acted at `at`; with `warmUpRestartAt`, its warm-up starts again then. */
  touchLastAction(
    workspaceId: WorkspaceId,
    id: string,
    at: Date,
    warmUpRestartAt: Date | null,
  ): Promise<void> {
    return touchLastAction(this.records, workspaceId, id, at, warmUpRestartAt);
  }

  /** Takes the account's due reconciliation poll and sets the next; false when another runner has it. */
  claimPoll(workspaceId: WorkspaceId, id: string, now: Date, nextPollAt: Date): Promise<boolean> {
    return claimPoll(this.records, workspaceId, id, now, nextPollAt);
  }

  private async apply(
    workspaceId: WorkspaceId,
    id: string,
    update: UpdateQuery<SenderAccountRecord>,
  ): Promise<SenderAccount> {
    const record = await this.records.findOneAndUpdate(workspaceId, { _id: id }, update);
    if (!record) throw new NotFoundError('sender account', [id]);
    return toSenderAccount(record);
  }
}
