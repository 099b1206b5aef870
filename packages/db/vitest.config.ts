import { sharedConfig } from '../../vitest.shared.ts';

// Integration tests (`*.int.test.ts`) share one MongoDB for the run, each file in its own database.
// vitest loads `globalSetup` with Node's own resolution (no `source` condition, so the package's
// subpath export would need a prior build); the test kit's setup is therefore named by its source
// path, through this package's dependency link.
export default sharedConfig({
  globalSetup: ['./node_modules/@outreach/mongo-testkit/src/vitest/vitest-global-setup.ts'],
});
