import { sharedConfig } from '../../vitest.shared.ts';

export default sharedConfig({
  coverage: {
    provider: 'v8',
    include: ['src/**/*.ts'],
    // Tests, test builders and type-only modules hold no rules to cover.
    exclude: ['src/**/*.test.ts', 'src/testing/**', 'src/model.types.ts'],
    reportsDirectory: 'coverage',
    reporter: ['text-summary', 'text', 'json-summary'],
    thresholds: { lines: 95 },
  },
});
