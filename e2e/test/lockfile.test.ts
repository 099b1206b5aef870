// De-risks a mixed driver: mongoose, the authentication library's MongoDB adapter and the test kit
// each bring the `mongodb` driver, and two versions of it would mean two pools, two sets of
// options and objects one does not recognise from the other (an ObjectId, a session).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const lockfile = readFileSync(new URL('../../pnpm-lock.yaml', import.meta.url), 'utf8');

describe('the lockfile', () => {
  it('resolves one version of the MongoDB driver for the whole workspace', () => {
    const versions = new Set([...lockfile.matchAll(/^ {2}mongodb@([^:(]+):/gm)].map((match) => match[1]));
    expect([...versions]).toEqual(['7.8.0']);
  });
});
