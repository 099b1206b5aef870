/**
 * What the global setup hands to test files through vitest's `provide`/`inject`. Importing this
 * module (both subpath exports do) makes `inject('mongoUri')` typed.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the run's MongoDB, without a database name. */
    mongoUri: string;
    /** Prefix of every database created by this run's test files. */
    mongoDatabasePrefix: string;
  }
}

export {};
