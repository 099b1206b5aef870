import { strykerConfig } from '../../stryker.shared.mjs';

// The emulator's query code: filters, updates, projections and the checks around them, against
// every test that runs the emulator in the test worker (`vitest.mutation.config.ts`, the
// conformance suite included). Static mutants (module constants), each of which runs every test,
// are left out (`ignoreStatic`).
export default strykerConfig({
  mutate: ['src/emulator/query/**/*.ts', '!src/**/*.test.ts'],
  vitestConfig: 'vitest.mutation.config.ts',
  ignoreStatic: true,
});
