import type { ApiKeyRole } from '@outreach/domain';
import { randomBytes } from 'node:crypto';
import { AmbiguousMatchError, NotFoundError } from '../common/db-errors.js';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { API_KEY_PREFIX_LENGTH, hashApiKey, toApiKey, type ApiKey } from './api-key.entity.js';
import type { ApiKeyCreator, ApiKeyRecord } from './api-key.schema.js';

export interface NewApiKey {
  name: string;
  /** `admin` by default (what every key could do before roles). */
  role?: ApiKeyRole;
  /** Null (the default): the key never expires. */
  expiresAt?: Date | null;
  createdBy?: ApiKeyCreator | null;
}

export interface CreatedApiKey {
  apiKey: ApiKey;
  /** The key itself, returned once: only its hash is stored. */
  plaintext: string;
}

/** How many workspaces an ambiguous prefix lists at most. */
const MAX_LISTED_WORKSPACES = 10;

export class ApiKeyRepository {
  constructor(
    private readonly records: ScopedModel<ApiKeyRecord>,
    private readonly clock: () => Date,
  ) {}

  async create(workspaceId: WorkspaceId, input: NewApiKey): Promise<CreatedApiKey> {
    // A prefix collision inside one workspace is astronomically rare but would break revocation
    // by prefix, so the unique index rejects it and a fresh key is drawn.
    for (let attempt = 0; ; attempt += 1) {
      const plaintext = `okey_${randomBytes(32).toString('base64url')}`;
      try {
        const record = await this.records.insertOne(workspaceId, {
          _id: newId('apiKey'),
          name: input.name,
          hash: hashApiKey(plaintext),
          prefix: plaintext.slice(0, API_KEY_PREFIX_LENGTH),
          createdAt: this.clock(),
          lastUsedAt: null,
          revokedAt: null,
          role: input.role ?? 'admin',
          expiresAt: input.expiresAt ?? null,
          createdBy: input.createdBy ?? null,
        });
        return { apiKey: toApiKey(record), plaintext };
      } catch (error) {
        if (!isDuplicateKeyError(error) || attempt >= 2) throw error;
      }
    }
  }

  async list(workspaceId: WorkspaceId): Promise<ApiKey[]> {
    const records = await this.records.find(workspaceId, {}, { sort: { createdAt: 1 } });
    return records.map(toApiKey);
  }

  /**
   * Authentication, unscoped by nature: the request names no workspace, its key does. Returns
   * the key (with its workspace) when it exists, is not revoked and has not expired at `now`
   * (HTTP time; the repository's clock when not given). A missing `expiresAt` (older keys) matches
   * `null`: such keys never expire.
   */
  async findActiveByHash(hash: string, now: Date = this.clock()): Promise<ApiKey | null> {
    const record = await this.records.acrossWorkspaces
      .findOne({ hash, revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] })
      .lean<ApiKeyRecord>()
      .exec();
    return record ? toApiKey(record) : null;
  }

  async get(workspaceId: WorkspaceId, id: string): Promise<ApiKey | null> {
    const record = await this.records.findOne(workspaceId, { _id: id });
    return record ? toApiKey(record) : null;
  }

  /** Revokes the workspace's key `id`; revoking twice keeps the first date. Null: no such key. */
  /** Revokes every key of the workspace not yet revoked (the workspace is deleted); how many. */
  async revokeAll(workspaceId: WorkspaceId, at: Date): Promise<number> {
    const result = await this.records.updateMany(
      workspaceId,
      { revokedAt: null },
      { $set: { revokedAt: at } },
    );
    return result.modified;
  }

  async revoke(workspaceId: WorkspaceId, id: string): Promise<ApiKey | null> {
    await this.records.updateOne(
      workspaceId,
      { _id: id, revokedAt: null },
      { $set: { revokedAt: this.clock() } },
    );
    return this.get(workspaceId, id);
  }

  /** Revokes the workspace's key with this prefix; revoking twice keeps the first date. */
  async revokeByPrefix(workspaceId: WorkspaceId, prefix: string): Promise<ApiKey> {
    await this.records.updateOne(
      workspaceId,
      { prefix, revokedAt: null },
      { $set: { revokedAt: this.clock() } },
    );
    const record = await this.records.findOne(workspaceId, { prefix });
    if (!record) throw new NotFoundError('api key', [prefix]);
    return toApiKey(record);
  }

  /**
   * Revocation by prefix alone, unscoped by nature: an operator holding a key's prefix need not
   * know its workspace. Prefixes are unique within a workspace only, so when keys of several
   * workspaces share this one nothing is revoked and `AmbiguousMatchError` names the workspaces
   * (narrow with `revokeByPrefix`). Unknown prefix: `NotFoundError`.
   */
  async revokeByPrefixAcrossWorkspaces(prefix: string): Promise<ApiKey> {
    const matches = await this.records.acrossWorkspaces
      .find({ prefix }, { workspaceId: 1 })
      .sort({ workspaceId: 1 })
      .limit(MAX_LISTED_WORKSPACES)
      .lean<Array<Pick<ApiKeyRecord, 'workspaceId'>>>()
      .exec();
    const [only, ...others] = matches;
    if (!only) throw new NotFoundError('api key', [prefix]);
    if (others.length > 0) {
      throw new AmbiguousMatchError(
        'api key prefix',
        prefix,
        matches.map((match) => match.workspaceId),
      );
    }
    return this.revokeByPrefix(only.workspaceId as WorkspaceId, prefix);
  }

  /** Records use without a write per request: the date only moves forward. */
  async touchLastUsed(workspaceId: WorkspaceId, id: string, at: Date): Promise<void> {
    await this.records.updateOne(
      workspaceId,
      { _id: id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: at } }] },
      { $set: { lastUsedAt: at } },
    );
  }
}
