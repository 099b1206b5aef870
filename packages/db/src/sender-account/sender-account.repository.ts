import { DEFAULT_ACCOUNT_LIMITS, type AccountLimits, type AccountStatus } from '@outreach/domain';
import type { QueryFilter, UpdateQuery } from 'mongoose';
import { AlreadyExistsError, NotFoundError } from '../common/db-errors.js';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import { pageBounds, type Page, type PageRequest } from '../common/page.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { toSenderAccount, type SenderAccount } from './sender-account.entity.js';
import { saveEventCursor, takePacingSlot, type PacingSlot } from './sender-account-runner-state.js';
import type { SenderAccountRecord } from './sender-account.schema.js';

export interface NewSenderAccount {
  name: string;
  publicIdentifier: string;
  status?: AccountStatus;
  authenticated?: boolean;
  active?: boolean;
  timezone?: string;
  inmailAllowed?: boolean;
  limits?: Partial<AccountLimits>;
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

  async create(workspaceId: WorkspaceId, input: NewSenderAccount): Promise<SenderAccount> {
    const now = this.clock();
    const status = input.status ?? 'connected';
    try {
      const record = await this.records.insertOne(workspaceId, {
        _id: newId('account'),
        name: input.name,
        publicIdentifier: input.publicIdentifier,
        status,
        disconnectReason: null,
        authenticated: input.authenticated ?? true,
        active: input.active ?? true,
        timezone: input.timezone ?? 'UTC',
        inmailAllowed: input.inmailAllowed ?? false,
        limits: { ...DEFAULT_ACCOUNT_LIMITS, ...input.limits },
        cooldownUntil: null,
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

  /** Changes some caps and keeps the others. */
  async updateLimits(
    workspaceId: WorkspaceId,
    id: string,
    limits: Partial<AccountLimits>,
  ): Promise<SenderAccount> {
    const set: Record<string, unknown> = { updatedAt: this.clock() };
    for (const [name, value] of Object.entries(limits)) set[`limits.${name}`] = value;
    return this.apply(workspaceId, id, { $set: set });
  }

  /**
   * Moves the account to `status`. `changed` is true only for the call that made the transition,
   * so the caller fires `network_account_disconnected` once however many reports arrive. A
   * (re)connection starts a new session: `connectedAt` is set to now. `authenticated` follows the
   * session: false from the moment it is lost until it is restored. With `expected.connectedAt`,
   * only that session is moved (a report about a session that has since been replaced changes
   * nothing).
   */
  async setStatus(
    workspaceId: WorkspaceId,
    id: string,
    status: AccountStatus,
    reason: string | null = null,
    expected: { connectedAt?: Date | null } = {},
  ): Promise<{ account: SenderAccount; changed: boolean }> {
    const now = this.clock();
    const filter: QueryFilter<SenderAccountRecord> = { _id: id, status: { $ne: status } };
    if (expected.connectedAt !== undefined) filter.connectedAt = expected.connectedAt;
    const changed = await this.records.findOneAndUpdate(workspaceId, filter, {
      $set: {
        status,
        authenticated: status === 'connected',
        disconnectReason: status === 'disconnected' ? reason : null,
        ...(status === 'connected' ? { connectedAt: now } : {}),
        updatedAt: now,
      },
    });
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

  /** No action for this account before `until` (the network answered "rate limited"); null lifts it. */
  async setCooldown(workspaceId: WorkspaceId, id: string, until: Date | null): Promise<SenderAccount> {
    return this.apply(workspaceId, id, { $set: { cooldownUntil: until, updatedAt: this.clock() } });
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
