import { sharedConfig } from '../../vitest.shared.ts';

// The MongoDB-backed budget and cache are tested in `*.int.test.ts` against one MongoDB shared by
// the run, each file in its own database. vitest loads `globalSetup` with Node's own resolution (no
// `source` condition), so the test kit's setup is named by its source path.
export default sharedConfig({
  globalSetup: ['./node_modules/@outreach/mongo-testkit/src/vitest/vitest-global-setup.ts'],
});
