import { strykerConfig } from '../../stryker.shared.mjs';

// The runner's decisions: how a claimed lead is judged and run (`src/leads`, `src/step-run`), and
// each step type (`src/steps`). Its loop, stores, account upkeep and process wiring are left out
// (`--mutate src/accounts/**/*.ts` adds the account rules for a run). The suite runs without the
// soak and the child-process tests (see `vitest.mutation.config.ts`).
export default strykerConfig({
  mutate: ['src/leads/**/*.ts', 'src/step-run/**/*.ts', 'src/steps/**/*.ts', '!src/**/*.test.ts'],
  vitestConfig: 'vitest.mutation.config.ts',
  // The first full run of the suite, with coverage per test, takes longer than Stryker's default
  // five minutes on a shared two-core machine.
  dryRunTimeoutMinutes: 30,
  // Static mutants (code run once when a module loads, such as a table of step executors) would
  // each need the whole suite run again; they are left out of the run and of the score.
  ignoreStatic: true,
});
