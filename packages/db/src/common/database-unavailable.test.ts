import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.js';

describe('isDatabaseUnavailable', () => {
  it('recognises the driver and mongoose errors of an unreachable database', () => {
    expect(isDatabaseUnavailable(new mongoose.mongo.MongoNetworkError('connection reset'))).toBe(true);
    expect(isDatabaseUnavailable(new mongoose.mongo.MongoNotConnectedError('not connected'))).toBe(true);
    expect(
      isDatabaseUnavailable(new mongoose.Error('Operation `leads.find()` buffering timed out after 10000ms')),
    ).toBe(true);
    const wrapped = new Error('claim failed', {
      cause: new mongoose.mongo.MongoNetworkTimeoutError('timed out'),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(
      isDatabaseUnavailable(new mongoose.mongo.MongoServerError({ message: 'E11000 duplicate key' })),
    ).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('down')).toBe(false);
  });
});
