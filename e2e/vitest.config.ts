import { sharedConfig } from '../vitest.shared.ts';

// One test that starts the whole stack: give it room, and never run it twice in parallel.
export default sharedConfig({ testTimeout: 240_000, hookTimeout: 300_000, fileParallelism: false });
