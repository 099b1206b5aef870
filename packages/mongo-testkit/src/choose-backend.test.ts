import { describe, expect, it } from 'vitest';
import { chooseBackend } from './choose-backend.js';

describe('chooseBackend', () => {
  it('prefers a forced backend, then MONGODB_URI', () => {
    expect(chooseBackend({ MONGO_BACKEND: 'emulator', MONGODB_URI: 'mongodb://x' })).toBe('emulator');
    expect(chooseBackend({ MONGODB_URI: 'mongodb://x' })).toBe('uri');
    expect(chooseBackend({})).toBeUndefined();
  });

  it('rejects an unknown forced backend', () => {
    expect(() => chooseBackend({ MONGO_BACKEND: 'sqlite' })).toThrow(/MONGO_BACKEND/);
  });
});
