import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

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
  },
  recordOptions('api_keys'),
);

// Serves authentication: `findActiveByHash` looks a request's key up by its hash, across workspaces.
apiKeySchema.index({ hash: 1 }, { unique: true });
// Serves `revokeByPrefix` and `list` (workspace prefix); unique so a prefix names one key.
apiKeySchema.index({ workspaceId: 1, prefix: 1 }, { unique: true });
// Serves `revokeByPrefixAcrossWorkspaces`: the keys with a prefix, whatever their workspace.
apiKeySchema.index({ prefix: 1 });
