import { sharedConfig } from '../../vitest.shared.ts';

// The conformance suite (`*.int.test.ts`) runs on whichever backend the global setup starts, as
// other packages' integration tests do. vitest resolves `globalSetup` entries with the node/import
// conditions (the built `dist/`), not `source`, so the TypeScript source is named by path.
export default sharedConfig({ globalSetup: ['./src/vitest/vitest-global-setup.ts'] });
