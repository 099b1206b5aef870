/** A started backend, before `startMongo` labels it. */
export interface RunningBackend {
  /** Connection string without a database name. */
  uri: string;
  /** What to tell the user about it in the start-up log line. */
  detail: string;
  stop(): Promise<void>;
}
