import { sharedConfig } from '../../vitest.shared.ts';

// The suite as Stryker runs it (`pnpm mutate mongo-testkit`): the tests that run the emulator in
// their own process (its unit tests, and those that start an emulator themselves). Left out: the
// conformance suite (`test/`), which talks to the emulator the global setup started in another
// process, where no mutant is ever switched on; the tests that start processes (the CLI, backend
// choice, a SIGKILL recovery); the performance test, whose timings a mutant's instrumentation
// distorts; and the query planner's property test (16 s, run again for every mutant it reaches).
export default sharedConfig({
  include: ['src/**/*.test.ts'],
  exclude: [
    'src/cli.test.ts',
    'src/start-mongo.test.ts',
    'src/backends/download-probe.test.ts',
    'src/emulator/durability/sigkill-recovery.test.ts',
    'src/emulator/emulator-performance.test.ts',
    'src/emulator/storage/query-planner.property.test.ts',
  ],
});
