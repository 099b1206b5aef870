import { Types, type Model } from 'mongoose';
import { hashToken, newToken } from '../common/tokens.js';
import type { SetupTokenRecord } from './setup-token.schema.js';

/** How long a link's record outlives its expiry before MongoDB removes it. */
const PURGE_AFTER_EXPIRY_MS = 24 * 60 * 60 * 1000;

/**
 * The first-user setup links. Unscoped by nature: setup comes before any workspace or person.
 */
export class SetupTokenRepository {
  constructor(
    private readonly model: Model<SetupTokenRecord>,
    private readonly clock: () => Date,
  ) {}

  /** A new link valid for `ttlMs`; the token is returned once, only its hash is stored. */
  async issue(ttlMs: number, now: Date = this.clock()): Promise<string> {
    const token = newToken();
    const createdAt = now;
    const expiresAt = new Date(createdAt.getTime() + ttlMs);
    await new this.model({
      _id: new Types.ObjectId().toHexString(),
      tokenHash: hashToken(token),
      createdAt,
      expiresAt,
      usedAt: null,
      purgeAt: new Date(expiresAt.getTime() + PURGE_AFTER_EXPIRY_MS),
    }).save();
    return token;
  }

  /**
   * Uses a link: true once, for an unused token that has not expired at `now` (HTTP time). One
   * atomic conditional update, so of two requests racing with the same token exactly one wins.
   */
  async consume(token: string, now: Date): Promise<boolean> {
    const result = await this.model
      .updateOne(
        { tokenHash: hashToken(token), usedAt: null, expiresAt: { $gt: now } },
        { $set: { usedAt: now } },
      )
      .exec();
    return result.modifiedCount === 1;
  }
}
