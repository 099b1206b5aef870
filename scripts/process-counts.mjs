// How many API, runner and dispatcher processes `scripts/start.mjs` and `scripts/crash-test.mjs`
// run: `--apis N`, `--runners N`, `--dispatchers N` (or `--apis=N`), else the environment
// variables the caller names, else one of each.

const KINDS = ['apis', 'runners', 'dispatchers'];
/** More than this on one machine is a typo, not a plan. */
const MOST = 16;

/** The value of `--name N` or `--name=N` in `argv`, else undefined. */
function flagValue(argv, name) {
  const flag = `--${name}`;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === flag) return argv[i + 1] ?? '';
    if (argv[i].startsWith(`${flag}=`)) return argv[i].slice(flag.length + 1);
  }
  return undefined;
}

/**
 * `{ apis, runners, dispatchers }` from `argv`, else from `env[variables[kind]]`, else 1. A value
 * that is not a whole number from 1 to 16 throws, naming where it came from.
 */
export function processCounts(argv, env, variables) {
  const counts = {};
  for (const kind of KINDS) {
    const fromFlag = flagValue(argv, kind);
    const source = fromFlag !== undefined ? `--${kind}` : variables[kind];
    const raw = fromFlag ?? env[variables[kind]];
    if (raw === undefined || raw === '') {
      counts[kind] = 1;
      continue;
    }
    const count = Number(raw);
    if (!Number.isInteger(count) || count < 1 || count > MOST)
      throw new Error(`${source} must be a whole number from 1 to ${MOST} (got "${raw}")`);
    counts[kind] = count;
  }
  return counts;
}
