import { Schema } from 'mongoose';
import { recordOptions } from '../common/record-options.js';

/**
 * One fixed window of one key's requests. Not a tenant record: the key is an API key id, and
 * the counter is shared by every API instance. `_id` is `<key>|<window start in ms>`.
 */
export interface RateLimitRecord {
  _id: string;
  key: string;
  windowStart: Date;
  count: number;
  expiresAt: Date;
}

export const rateLimitSchema = new Schema<RateLimitRecord>(
  {
    _id: { type: String, required: true },
    key: { type: String, required: true },
    windowStart: { type: Date, required: true },
    count: { type: Number, required: true },
    expiresAt: { type: Date, required: true },
  },
  recordOptions('rate_limits'),
);

// Serves nothing but housekeeping: MongoDB deletes a window's counter after it has ended.
// (`incrementFixedWindow` reads and writes by `_id`.)
rateLimitSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
