import { strykerConfig } from '../../stryker.shared.mjs';

// Every rule of the package; tests, test builders and type-only modules hold nothing to mutate.
export default strykerConfig({
  mutate: ['src/**/*.ts', '!src/**/*.test.ts', '!src/testing/**', '!src/model.types.ts'],
});
