import { API_KEY_ROLES, type ApiKeyRole } from '@outreach/domain';
import { Schema } from 'mongoose';
import { actorSchema, type ActorRecord } from '../common/actor-schema.js';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

export const API_KEY_CREATOR_TYPES = ['user', 'key', 'cli'] as const;
export type ApiKeyCreatorType = (typeof API_KEY_CREATOR_TYPES)[number];
/** Who made a key: a person, another key, or the admin CLI (no id). */
export type ApiKeyCreator = ActorRecord<ApiKeyCreatorType>;

export interface ApiKeyRecord {
  _id: string;
  workspaceId: string;
  name: string;
  /** SHA-256 of the plaintext key, hex; the plaintext itself is never stored. */
  hash: string;
  /** The key's first characters, shown in listings and used to revoke it. */
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /**
   * Absent on keys made before roles existed, which read as `admin` (what they could do then):
   * mapped at read, the stored records are not migrated. Likewise the two fields below read as null.
   */
  role?: ApiKeyRole;
  /** After this the key no longer authenticates; null: never expires. */
  expiresAt?: Date | null;
  createdBy?: ApiKeyCreator | null;
}

export const apiKeySchema = new Schema<ApiKeyRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    name: { type: String, required: true },
    hash: { type: String, required: true },
    prefix: { type: String, required: true },
    createdAt: { type: Date, required: true },
    lastUsedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
    role: { type: String, enum: API_KEY_ROLES, default: 'admin' },
    expiresAt: { type: Date, default: null },
    createdBy: { type: actorSchema(API_KEY_CREATOR_TYPES), default: null },
  },
  recordOptions('api_keys'),
);

// Serves authentication: `findActiveByHash` looks a request's key up by its hash, across workspaces.
apiKeySchema.index({ hash: 1 }, { unique: true });
// Serves `revokeByPrefix` and `list` (workspace prefix); unique so a prefix names one key.
apiKeySchema.index({ workspaceId: 1, prefix: 1 }, { unique: true });
// Serves `revokeByPrefixAcrossWorkspaces`: the keys with a prefix, whatever their workspace.
apiKeySchema.index({ prefix: 1 });
