import { Schema } from 'mongoose';
import { recordOptions } from '../common/record-options.js';

/**
 * One failed sign-in, counted under each key it is throttled by (`ip:<address>`,
 * `account:<e-mail>`). Not a tenant record: sign-in comes before any workspace. Kept as single
 * failures rather than fixed-window counters so the window slides: five failures at the end of
 * one minute and five at the start of the next are ten within a minute, not five and five.
 */
export interface AuthFailureRecord {
  _id: string;
  key: string;
  at: Date;
  expiresAt: Date;
}

export const authFailureSchema = new Schema<AuthFailureRecord>(
  {
    _id: { type: String, required: true },
    key: { type: String, required: true },
    at: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  recordOptions('auth_failures'),
);

// Serves `countSince` and `oldestSince`: the failures of one key in a window, by time.
authFailureSchema.index({ key: 1, at: 1 });
// Housekeeping: a failure is forgotten once no window can count it any more.
authFailureSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
