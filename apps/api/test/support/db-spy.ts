import type { Db } from '@outreach/db';

/** One call the app made to a repository: `<repository>.<method>` and its arguments. */
export interface DbCall {
  method: string;
  args: unknown[];
}

/**
 * The database as the app sees it, recording every repository method call in `calls` (then
 * running it as usual), so a test can check how an operation reads: which methods, how often.
 */
export function recordingDb(db: Db, calls: DbCall[]): Db {
  const wrapped: Record<string, unknown> = { ...db };
  for (const [name, repository] of Object.entries(db)) {
    if (typeof repository !== 'object' || repository === null) continue;
    wrapped[name] = new Proxy(repository, {
      get(target: object, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push({ method: `${name}.${String(property)}`, args });
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  }
  return wrapped as unknown as Db;
}

/** How many of `calls` went to `method`. */
export function callsTo(calls: readonly DbCall[], method: string): number {
  return calls.filter((call) => call.method === method).length;
}
