export type Backend = 'uri' | 'memory-server' | 'emulator';

const BACKENDS: readonly Backend[] = ['uri', 'memory-server', 'emulator'];

/** The backend forced by `MONGO_BACKEND`, else `uri` when `MONGODB_URI` is set, else none forced. */
export function chooseBackend(env: NodeJS.ProcessEnv): Backend | undefined {
  const forced = env['MONGO_BACKEND'];
  if (forced !== undefined && forced !== '') {
    if (!BACKENDS.includes(forced as Backend)) {
      throw new Error(`MONGO_BACKEND must be one of ${BACKENDS.join(', ')}, got "${forced}"`);
    }
    return forced as Backend;
  }
  return env['MONGODB_URI'] ? 'uri' : undefined;
}
