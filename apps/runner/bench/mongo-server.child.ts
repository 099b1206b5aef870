/**
 * Serves the benchmark's MongoDB from a process of its own (the test kit's choice of backend), so
 * that the database server and the runner do not share one thread: the figures then reflect a
 * runner talking to a server over the wire, as in production. Prints one JSON line with the URI,
 * stops on SIGTERM.
 */
import { startMongo } from '@outreach/mongo-testkit';

const mongo = await startMongo({ log: (line) => console.error(line) });
console.log(JSON.stringify({ uri: mongo.uri, backend: mongo.backend }));
process.once('SIGTERM', () => {
  void mongo.stop().then(() => process.exit(0));
});
