import { MongoClient } from 'mongodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMongo } from './start-mongo.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('startMongo', () => {
  it('starts the emulator when forced, logs it once as a fallback, and serves the driver', async () => {
    const lines: string[] = [];
    const mongo = await startMongo({ backend: 'emulator', log: (line) => lines.push(line) }, {});
    try {
      expect(mongo.backend).toBe('emulator');
      expect(mongo.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/$/);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/emulator.*development and test fallback/);
      // Tools pick the first `mongodb://\S+` out of the output: the URI must end at whitespace.
      expect(lines[0]?.match(/mongodb:\/\/\S+/)?.[0]).toBe(mongo.uri);
      const client = await MongoClient.connect(`${mongo.uri}start_mongo`);
      await client.db().collection('c').insertOne({ a: 1 });
      expect(await client.db().collection('c').countDocuments()).toBe(1);
      await client.close();
    } finally {
      await mongo.stop();
    }
  });

  it('uses MONGODB_URI first, without its database name, and never stops that server', async () => {
    const lines: string[] = [];
    const mongo = await startMongo(
      { log: (line) => lines.push(line) },
      { MONGODB_URI: 'mongodb://user:pw@db.internal:27017/app?tls=true' },
    );
    expect(mongo).toMatchObject({ backend: 'uri', uri: 'mongodb://user:pw@db.internal:27017/?tls=true' });
    expect(lines[0]).toContain('mongodb://***@db.internal:27017/');
    await expect(mongo.stop()).resolves.toBeUndefined();
  });

  it('refuses MONGO_BACKEND=uri without MONGODB_URI', async () => {
    await expect(startMongo({ log: () => undefined }, { MONGO_BACKEND: 'uri' })).rejects.toThrow(
      /MONGODB_URI/,
    );
  });

  it('falls back to the emulator, saying why, when mongodb-memory-server cannot start', async () => {
    const env = { MONGOMS_SYSTEM_BINARY: '/nonexistent/bin/mongod' };
    // mongodb-memory-server reads its settings from process.env itself.
    vi.stubEnv('MONGOMS_SYSTEM_BINARY', env.MONGOMS_SYSTEM_BINARY);
    const lines: string[] = [];
    const started = Date.now();
    const mongo = await startMongo({ log: (line) => lines.push(line) }, env);
    await mongo.stop();
    expect(mongo.backend).toBe('emulator');
    expect(lines[0]).toMatch(/mongodb-memory-server skipped: MONGOMS_SYSTEM_BINARY is unusable/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('fails instead of falling back when memory-server is forced but cannot start', async () => {
    vi.stubEnv('MONGOMS_SYSTEM_BINARY', '/nonexistent/bin/mongod');
    await expect(startMongo({ backend: 'memory-server', log: () => undefined }, {})).rejects.toThrow(
      /MONGO_BACKEND=memory-server/,
    );
  });
});
