export type Backend = 'uri' | 'memory-server' | 'emulator';

const BACKENDS: readonly Backend[] = ['uri', 'memory-server', 'emulator'];

export function isBackend(value: string): value is Backend {
  return (BACKENDS as readonly string[]).includes(value);
}

/** The backend forced by `MONGO_BACKEND`, else `uri` when `MONGODB_URI` is set, else none forced. */
export function chooseBackend(env: NodeJS.ProcessEnv): Backend | undefined {
  const forced = env['MONGO_BACKEND'];
  if (forced !== undefined && forced !== '') {
    if (!isBackend(forced)) {
      throw new Error(`MONGO_BACKEND must be one of ${BACKENDS.join(', ')}, got "${forced}"`);
    }
    return forced;
  }
  return env['MONGODB_URI'] ? 'uri' : undefined;
}
