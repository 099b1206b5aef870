import { sharedConfig } from '../../vitest.shared.ts';

// Integration tests (`*.int.test.ts`) run the app over real HTTP against one MongoDB shared by the
// run, each test file in its own database. vitest loads `globalSetup` with Node's own resolution
// (no `source` condition), so the test kit's setup is named by its source path.
//
// Test files share their worker's module cache (`isolate: false`): importing the app's dependency
// graph once per worker instead of once per file more than halves the suite's time. It is safe
// because no test mocks modules or changes module state; each file starts its own app on its own
// database.
export default sharedConfig({
  globalSetup: ['./node_modules/@outreach/mongo-testkit/src/vitest/vitest-global-setup.ts'],
  isolate: false,
});
