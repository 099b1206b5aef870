import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

/**
 * What one workspace spent on the language model in one UTC day: answers asked for (`calls`) and
 * tokens reported. `_id` is `<workspaceId>|<YYYY-MM-DD>`, so the natural key is the primary key.
 */
export interface ModelUsageRecord {
  _id: string;
  workspaceId: string;
  day: string;
  calls: number;
  tokens: number;
  expiresAt: Date;
}

export const modelUsageSchema = new Schema<ModelUsageRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    day: { type: String, required: true },
    calls: { type: Number, required: true, default: 0 },
    tokens: { type: Number, required: true, default: 0 },
    expiresAt: { type: Date, required: true },
  },
  recordOptions('model_usage'),
);

// Serves nothing but housekeeping: MongoDB deletes a day's counters some days after it passed.
modelUsageSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export function modelUsageId(workspaceId: string, day: string): string {
  return `${workspaceId}|${day}`;
}
