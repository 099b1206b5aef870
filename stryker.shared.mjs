import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Shared mutation-testing settings (StrykerJS), used by each package's `stryker.config.mjs` and run
 * by hand with `pnpm mutate`, never in CI: a run of one package takes minutes on two cores.
 *
 * Stryker runs in place (`inPlace`): it instruments the package's own files and puts the originals
 * back when it ends (they are kept under `.stryker-tmp/` meanwhile), and its vitest runner writes a
 * `stryker-setup-*.js` into the package. Its default sandbox copies only the package directory,
 * where pnpm's workspace links, `tsconfig.base.json` and `vitest.shared.ts` (all reached through
 * `../..`) do not resolve. A run stopped before it ends (a signal Stryker never sees, a SIGKILL)
 * leaves all of that behind, so Stryker runs only in the copy of the workspace that
 * `scripts/mutate.mjs` makes outside the tree and deletes afterwards: the config refuses to load
 * anywhere else (`stryker run` in a package of the working tree).
 *
 * Plugins are named by the files they resolve to from the repository root: Stryker otherwise looks
 * for them beside its own package, which pnpm's isolated store does not hold.
 *
 * @param {{ mutate: string[], vitestConfig?: string } & import('@stryker-mutator/api/core').PartialStrykerOptions} options
 *   globs of the code to mutate, the vitest config to run, and any Stryker option to override
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function strykerConfig({ mutate, vitestConfig = 'vitest.config.ts', ...overrides }) {
  const workspace = realpathSync(fileURLToPath(new URL('.', import.meta.url)));
  if (process.env.OUTREACH_MUTATION_COPY !== workspace) {
    throw new Error(
      `Stryker runs in place and must not run in ${workspace}: run it with \`pnpm mutate\` (scripts/mutate.mjs), which runs it in a copy of the workspace.`,
    );
  }
  return {
    packageManager: 'pnpm',
    plugins: [
      import.meta.resolve('@stryker-mutator/vitest-runner'),
      import.meta.resolve('@stryker-mutator/typescript-checker'),
    ],
    testRunner: 'vitest',
    vitest: { configFile: vitestConfig },
    checkers: ['typescript'],
    tsconfigFile: 'tsconfig.json',
    coverageAnalysis: 'perTest',
    inPlace: true,
    // Vitest does not type-check, so Stryker need not add `// @ts-nocheck` to the files it runs;
    // in place, that would touch every test file too (the checker judges mutants on its own).
    disableTypeChecks: false,
    mutate,
    reporters: ['progress', 'clear-text', 'html', 'json'],
    htmlReporter: { fileName: 'reports/mutation/index.html' },
    jsonReporter: { fileName: 'reports/mutation/mutation.json' },
    clearTextReporter: { allowColor: false, reportScoreTable: true, reportMutants: true },
    // `pnpm mutate <package> --incremental` tests again only the mutants whose code or tests changed.
    incrementalFile: 'reports/stryker-incremental.json',
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
    // The machine the suite runs on has two cores; one worker leaves the other to everyone else.
    concurrency: 1,
    timeoutMS: 10_000,
    ...overrides,
  };
}
