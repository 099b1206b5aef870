import type { ApiKeyRole } from '@outreach/domain';
import { createHash } from 'node:crypto';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ApiKeyCreator, ApiKeyRecord } from './api-key.schema.js';

/** An API key as shown to its workspace: never the hash, never the plaintext. */
export interface ApiKey {
  id: string;
  workspaceId: WorkspaceId;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  role: ApiKeyRole;
  /** Null: the key never expires. */
  expiresAt: Date | null;
  /** Null for keys made before this was recorded. */
  createdBy: ApiKeyCreator | null;
}

/** The role of a key made before roles existed: keys that worked as admins keep working. */
export const LEGACY_API_KEY_ROLE: ApiKeyRole = 'admin';

export function toApiKey(record: ApiKeyRecord): ApiKey {
  return {
    id: record._id,
    workspaceId: record.workspaceId as WorkspaceId,
    name: record.name,
    prefix: record.prefix,
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt,
    revokedAt: record.revokedAt,
    role: record.role ?? LEGACY_API_KEY_ROLE,
    expiresAt: record.expiresAt ?? null,
    createdBy: record.createdBy
      ? {
          type: record.createdBy.type,
          id: record.createdBy.id ?? null,
          label: record.createdBy.label ?? null,
        }
      : null,
  };
}

/** How a plaintext key is stored and looked up: SHA-256, hex. */
export function hashApiKey(plaintext: string): string {
  return createHash('sha256').update(plaintext).digest('hex');
}

/** Plaintext keys look like `okey_<43 base64url characters>`; the prefix is its first 12 characters. */
export const API_KEY_PREFIX_LENGTH = 12;
