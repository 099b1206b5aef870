import { sharedConfig } from '../../vitest.shared.ts';

// Integration tests share one MongoDB for the run, each file in its own database. vitest loads
// `globalSetup` with Node's own resolution (no `source` condition), so the test kit's setup is
// named by its source path through this package's dependency link.
//
// The scenarios run simulated weeks on a manual clock, so their outcome never depends on speed; but
// each drives hundreds of database commands, and with every package's suite running at once on a
// small machine one can take several times its usual 2 s. The wider timeout keeps that from
// failing a correct run.
export default sharedConfig({
  globalSetup: ['./node_modules/@outreach/mongo-testkit/src/vitest/vitest-global-setup.ts'],
  testTimeout: 90_000,
});
