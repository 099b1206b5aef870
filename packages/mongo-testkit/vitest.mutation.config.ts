import { sharedConfig } from '../../vitest.shared.ts';

// The suite as Stryker runs it (`pnpm mutate mongo-testkit`): every test that can see a mutant,
// that is every test whose emulator runs in the test worker. The conformance suite (`test/`)
// normally reaches the emulator the global setup starts in vitest's main process, where no mutant
// is ever switched on; here each of its files starts one in the worker instead
// (`test/support/in-worker-emulator.ts`), on a port of this Stryker test runner process's own.
// Left out: the tests that start processes (the CLI, backend choice, a SIGKILL recovery), the
// performance test, whose timings a mutant's instrumentation distorts, and the query planner's
// property test (16 s, run again for every mutant it reaches).
const port = 20_000 + (process.pid % 20_000);

export default sharedConfig({
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  exclude: [
    'src/cli.test.ts',
    'src/start-mongo.test.ts',
    'src/backends/download-probe.test.ts',
    'src/emulator/durability/sigkill-recovery.test.ts',
    'src/emulator/emulator-performance.test.ts',
    'src/emulator/storage/query-planner.property.test.ts',
  ],
  provide: { mongoUri: `mongodb://127.0.0.1:${port}/`, mongoDatabasePrefix: 'mutation_' },
  setupFiles: ['./test/support/in-worker-emulator.ts'],
  // One emulator port per Stryker test runner process: its files run one after another.
  fileParallelism: false,
});
