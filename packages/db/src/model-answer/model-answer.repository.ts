import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { modelAnswerId, type ModelAnswerRecord } from './model-answer.schema.js';

/** The language-model answer cache, per workspace. */
export class ModelAnswerRepository {
  constructor(
    private readonly records: ScopedModel<ModelAnswerRecord>,
    private readonly clock: () => Date,
  ) {}

  /** The answer stored under `key`, unless it expired by `now`; undefined otherwise. */
  async get(workspaceId: WorkspaceId, key: string, now: Date): Promise<unknown> {
    const record = await this.records.findOne(workspaceId, {
      _id: modelAnswerId(workspaceId, key),
      expiresAt: { $gt: now },
    });
    return record?.value;
  }

  /** Stores (or replaces) the answer under `key` until `expiresAt`. */
  async set(workspaceId: WorkspaceId, key: string, value: unknown, expiresAt: Date): Promise<void> {
    await this.records.updateOne(
      workspaceId,
      { _id: modelAnswerId(workspaceId, key) },
      { $set: { value, expiresAt, createdAt: this.clock() }, $setOnInsert: { key } },
      { upsert: true },
    );
  }
}
