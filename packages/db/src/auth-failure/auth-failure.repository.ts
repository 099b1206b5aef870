import type { Model } from 'mongoose';
import { Types } from 'mongoose';
import type { AuthFailureRecord } from './auth-failure.schema.js';

/**
 * Failed sign-ins in sliding windows, shared by every API instance (HTTP time: callers pass the
 * real clock's `now`). Unscoped by nature: the keys are client addresses and e-mail addresses.
 */
export class AuthFailureRepository {
  constructor(private readonly model: Model<AuthFailureRecord>) {}

  /** Counts one failure under each key; each is kept `retainMs` (the longest window that reads it). */
  async record(keys: readonly string[], at: Date, retainMs: number): Promise<void> {
    if (keys.length === 0) return;
    const expiresAt = new Date(at.getTime() + retainMs);
    await this.model.insertMany(
      keys.map((key) => ({ _id: new Types.ObjectId().toHexString(), key, at, expiresAt })),
    );
  }

  /** Failures of `key` at or after `since`, counted from the index. */
  countSince(key: string, since: Date): Promise<number> {
    return this.model.countDocuments({ key, at: { $gte: since } }).exec();
  }

  /**
   * The time of the `nth` most recent failure of `key` at or after `since` (1 is the newest), or
   * null when there are fewer: the window frees a place when that one leaves it.
   */
  async nthNewestSince(key: string, since: Date, nth: number): Promise<Date | null> {
    const [record] = await this.model
      .find({ key, at: { $gte: since } }, { at: 1 })
      .sort({ at: -1 })
      .skip(nth - 1)
      .limit(1)
      .lean<Array<Pick<AuthFailureRecord, 'at'>>>()
      .exec();
    return record?.at ?? null;
  }

  /** Forgets the failures of `key` (a successful sign-in clears its account's count). */
  async clear(key: string): Promise<void> {
    await this.model.deleteMany({ key }).exec();
  }
}
