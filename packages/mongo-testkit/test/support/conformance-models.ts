import { Schema, Types, type Connection } from 'mongoose';

/**
 * Models shaped like the project's own: workspace-scoped records with compound unique keys,
 * partial and sparse unique indexes, embedded arrays, leases and a TTL collection.
 */

const stepSchema = new Schema({ name: String, done: Boolean, attempts: Number }, { _id: false });

const leadSchema = new Schema(
  {
    workspaceId: { type: Schema.Types.ObjectId, required: true },
    email: { type: String, required: true },
    status: { type: String, default: 'waiting' },
    /** Unique only where set: a partial index (string values only). */
    externalId: String,
    /** Unique only where present: a sparse index. */
    handle: String,
    tags: [String],
    score: Number,
    steps: [stepSchema],
    lastSeenAt: Date,
  },
  { timestamps: true },
);
leadSchema.index({ workspaceId: 1, email: 1 }, { unique: true });
leadSchema.index(
  { externalId: 1 },
  { unique: true, partialFilterExpression: { externalId: { $type: 'string' } } },
);
leadSchema.index({ handle: 1 }, { unique: true, sparse: true });
leadSchema.index({ status: 1 });

const jobSchema = new Schema({
  queue: { type: String, required: true },
  dueAt: { type: Date, required: true },
  leaseUntil: { type: Date, default: null },
  owner: { type: String, default: null },
  attempts: { type: Number, default: 0 },
});
jobSchema.index({ queue: 1, dueAt: 1 });

const sessionSchema = new Schema({
  token: { type: String, required: true },
  expiresAt: { type: Date, required: true },
});
sessionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

/** Schemaless documents for operator tests: mongoose passes updates through untouched. */
const scratchSchema = new Schema({}, { strict: false, versionKey: false });

const accountSchema = new Schema({ name: String, workspaceId: Schema.Types.ObjectId, plan: String });

/** The models bound to one connection (each test file has its own). */
export function conformanceModels(connection: Connection) {
  return {
    Lead: connection.model('Lead', leadSchema),
    Job: connection.model('Job', jobSchema),
    Session: connection.model('Session', sessionSchema),
    Account: connection.model('Account', accountSchema),
    Scratch: connection.model('Scratch', scratchSchema),
  };
}

export type ConformanceModels = ReturnType<typeof conformanceModels>;

export function newWorkspaceId(): Types.ObjectId {
  return new Types.ObjectId();
}
