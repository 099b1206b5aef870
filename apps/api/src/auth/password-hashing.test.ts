import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { ARGON2_PARAMS, DUMMY_HASH, dummyVerify, hashPassword, verifyPassword } from './password-hashing.js';

describe('hashPassword', () => {
  it('produces an Argon2id PHC string with OWASP parameters and a fresh salt each time', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(second).not.toBe(first);
  });
});

describe('verifyPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery staple');
    await expect(verifyPassword({ hash, password: 'correct horse battery staple' })).resolves.toBe(true);
    await expect(verifyPassword({ hash, password: 'correct horse battery stapl' })).resolves.toBe(false);
  });

  it('treats a malformed or foreign hash as a mismatch instead of throwing', async () => {
    for (const hash of [
      '',
      'not a hash',
      '$argon2id$v=19$m=19456,t=2,p=1$zz',
      '$2b$10$abcdefghijklmnopqrstuv',
    ]) {
      await expect(verifyPassword({ hash, password: 'anything at all' })).resolves.toBe(false);
    }
  });
});

describe('dummyVerify', () => {
  it('verifies against a hash made with the current parameters, so it costs what a real verify costs', async () => {
    const { algorithm, memoryCost, timeCost, parallelism } = parseOptions(DUMMY_HASH);
    expect({ algorithm, memoryCost, timeCost, parallelism }).toEqual(ARGON2_PARAMS);
    await expect(dummyVerify()).resolves.toBeUndefined();
  });
});
