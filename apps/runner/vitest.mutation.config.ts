import { configDefaults } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.ts';

// The suite as Stryker runs it (`pnpm mutate runner`). Left out: the short soak, which covers
// nearly every line and would be run again for each mutant (a minute of CPU each), and the two
// files that run the runner in a child process, where no mutant is ever switched on.
export default sharedConfig({
  globalSetup: ['./node_modules/@outreach/mongo-testkit/src/vitest/vitest-global-setup.ts'],
  testTimeout: 90_000,
  exclude: [
    ...configDefaults.exclude,
    'test/soak.int.test.ts',
    'test/runner-process.int.test.ts',
    'test/database-outage.int.test.ts',
  ],
});
