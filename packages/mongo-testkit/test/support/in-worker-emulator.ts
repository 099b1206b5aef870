import { afterAll, beforeAll, inject } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/start-emulator.js';
import '../../src/vitest/provided-context.js';

/*
 * For mutation testing only (`vitest.mutation.config.ts`): the conformance suite talks to an
 * emulator started here, in the test worker, where Stryker switches its mutants on, instead of the
 * one the global setup starts in vitest's main process. Each file gets a fresh emulator on the port
 * the config provides (one per Stryker test runner process), stopped when the file is done.
 */
let emulator: RunningEmulator | undefined;

beforeAll(async () => {
  const port = Number(new URL(inject('mongoUri')).port);
  emulator = await startEmulator({ port });
});

afterAll(async () => {
  await emulator?.stop();
});
