import { sharedConfig } from '../../vitest.shared.ts';

export default sharedConfig();
