import { strykerConfig } from '../../stryker.shared.mjs';

// The emulator's query code: filters, updates, projections and the checks around them, against
// the tests that run the emulator in-process (`vitest.mutation.config.ts`). Static mutants (module
// constants), each of which runs every test, are left out (`ignoreStatic`).
export default strykerConfig({
  mutate: ['src/emulator/query/**/*.ts', '!src/**/*.test.ts'],
  vitestConfig: 'vitest.mutation.config.ts',
  ignoreStatic: true,
});
