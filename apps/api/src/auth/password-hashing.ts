import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * OWASP's minimum for Argon2id (19 MiB, 2 passes, 1 lane). Every hash records its own parameters
 * in the PHC string, so raising these later leaves existing hashes verifiable.
 */
export const ARGON2_PARAMS = {
  // `Algorithm` is an ambient const enum, which isolatedModules forbids reading; 2 is its Argon2id.
  algorithm: 2 satisfies Algorithm.Argon2id as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * The hash of a random secret nobody kept, made with ARGON2_PARAMS (a test checks they match), so
 * a verify against it costs what a verify against a real user's hash costs.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$JEpegpcrijRPvps8DiDqaA$UGRQlm3zVZqTzjAWDIv+QZ50614uObaW5A7ASdn5Myg';

/** Hashes a password to the standard PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

/**
 * True only when `password` matches `hash`. A malformed or foreign hash is a plain mismatch, not
 * an error: a corrupt row must not turn a sign-in into a 500.
 */
export async function verifyPassword({
  hash: hashed,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/**
 * Spends a verify's time for a sign-in whose e-mail matches no user, so the answer time does not
 * tell an attacker which e-mails have accounts.
 */
export async function dummyVerify(): Promise<void> {
  await verifyPassword({ hash: DUMMY_HASH, password: 'not-the-password' });
}
