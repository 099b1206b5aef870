import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

/**
 * A validated language-model answer kept so the same question is not paid for twice. `key` is the
 * caller's hash of model and prompt; `_id` is `<workspaceId>|<key>`, so answers never cross
 * workspaces.
 */
export interface ModelAnswerRecord {
  _id: string;
  workspaceId: string;
  key: string;
  value: unknown;
  createdAt: Date;
  expiresAt: Date;
}

export const modelAnswerSchema = new Schema<ModelAnswerRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    key: { type: String, required: true },
    value: { type: Schema.Types.Mixed, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  recordOptions('model_answers'),
);

// Serves nothing but housekeeping: MongoDB deletes an answer once it expired (reads check the time
// too, since the TTL monitor runs only about once a minute).
modelAnswerSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export function modelAnswerId(workspaceId: string, key: string): string {
  return `${workspaceId}|${key}`;
}
