import { sharedConfig } from '../../vitest.shared.ts';

// Unit tests of the console's pure helpers; the browser tests are Playwright's (e2e/).
export default sharedConfig({ include: ['src/**/*.test.ts'] });
