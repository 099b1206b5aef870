import type { AccountStatus } from '@outreach/domain';
import type { UpdateQuery } from 'mongoose';
import { AlreadyExistsError, NotFoundError } from '../common/db-errors.js';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { toSenderAccount, type SenderAccount } from './sender-account.entity.js';
import {
  DEFAULT_ACCOUNT_LIMITS,
  type AccountLimits,
  type SenderAccountRecord,
} from './sender-account.schema.js';

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
    try {
      const record = await this.records.insertOne(workspaceId, {
        _id: newId('account'),
        name: input.name,
        publicIdentifier: input.publicIdentifier,
        status: input.status ?? 'connected',
        disconnectReason: null,
        authenticated: input.authenticated ?? true,
        active: input.active ?? true,
        timezone: input.timezone ?? 'UTC',
        inmailAllowed: input.inmailAllowed ?? false,
        limits: { ...DEFAULT_ACCOUNT_LIMITS, ...input.limits },
        cooldownUntil: null,
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
   * so the caller fires `network_account_disconnected` once however many reports arrive.
   */
  async setStatus(
    workspaceId: WorkspaceId,
    id: string,
    status: AccountStatus,
    reason: string | null = null,
  ): Promise<{ account: SenderAccount; changed: boolean }> {
    const changed = await this.records.findOneAndUpdate(
      workspaceId,
      { _id: id, status: { $ne: status } },
      {
        $set: {
          status,
          disconnectReason: status === 'disconnected' ? reason : null,
          updatedAt: this.clock(),
        },
      },
    );
    if (changed) return { account: toSenderAccount(changed), changed: true };
    const current = await this.get(workspaceId, id);
    if (!current) throw new NotFoundError('sender account', [id]);
    return { account: current, changed: false };
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
