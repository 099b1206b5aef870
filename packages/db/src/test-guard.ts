/**
 * Destructive helpers (dropping a database between tests) call this first, so that a wrongly
 * configured environment can never wipe a real database.
 */
export function assertTestDatabase(env: NodeJS.ProcessEnv = process.env): void {
  if (env['VITEST'] !== 'true' && env['NODE_ENV'] !== 'test') {
    throw new Error('refusing to run a destructive test helper outside tests');
  }
}
