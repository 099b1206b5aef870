import { strykerConfig } from '../../stryker.shared.mjs';

// The emulator's query code: filters, updates, projections and the checks around them.
export default strykerConfig({
  mutate: ['src/emulator/query/**/*.ts', '!src/**/*.test.ts'],
});
