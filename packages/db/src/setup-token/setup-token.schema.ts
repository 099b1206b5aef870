import { Schema } from 'mongoose';
import { recordOptions } from '../common/record-options.js';

/**
 * A first-user setup link. Not a tenant record: it comes before any person or agency. Only the
 * token's SHA-256 is stored. `purgeAt` (a day after `expiresAt`) lets MongoDB remove it; reads
 * never rely on that, they compare `expiresAt` themselves.
 */
export interface SetupTokenRecord {
  _id: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  purgeAt: Date;
}

export const setupTokenSchema = new Schema<SetupTokenRecord>(
  {
    _id: { type: String, required: true },
    tokenHash: { type: String, required: true, immutable: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
    purgeAt: { type: Date, required: true },
  },
  recordOptions('setup_tokens'),
);

// Serves `consume`; unique so a token is one link.
setupTokenSchema.index({ tokenHash: 1 }, { unique: true });
// Serves nothing but housekeeping: MongoDB removes a link a day after it expired (used or not).
setupTokenSchema.index({ purgeAt: 1 }, { expireAfterSeconds: 0 });
