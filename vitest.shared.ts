import { defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * Shared test settings for every package. Workspace packages are resolved through their `source`
 * export condition, so tests run against TypeScript sources and need no prior build.
 */
export function sharedConfig(overrides: ViteUserConfig['test'] = {}): ViteUserConfig {
  return defineConfig({
    // Only `source` is added to Node's own conditions: vitest hands the SSR list to its workers as
    // `--conditions` flags, and `import` there would make `require()` pick ESM builds (breaking
    // CommonJS dependencies such as Express's router).
    resolve: { conditions: ['source', 'node', 'default'] },
    ssr: { resolve: { conditions: ['source', 'node', 'default'] } },
    test: {
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
      // Timeouts only catch hangs. Every package's suite runs at once in CI on two cores, and the
      // tests that start processes (CLI, dispatcher, database) can then take tens of seconds.
      testTimeout: 90_000,
      hookTimeout: 90_000,
      ...overrides,
    },
  });
}
