import { connectDb, type Db } from '@outreach/db';
import { parseAdminArgs, USAGE, UsageError } from './admin-args.js';
import { AdminError, jsonOutput, runAdminCommand, textOutput } from './admin-commands.js';

export interface AdminIo {
  env: Readonly<Record<string, string | undefined>>;
  out: (text: string) => void;
  err: (text: string) => void;
  /** Opens the database; tests pass their own. */
  connect?: (uri: string) => Promise<Db>;
}

/**
 * The whole CLI but the process: parses, runs one command, prints. Returns the exit code:
 * 0 done, 1 the command failed, 2 usage error.
 */
export async function runAdmin(argv: readonly string[], io: AdminIo): Promise<number> {
  let parsed;
  try {
    parsed = parseAdminArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  const { command, json } = parsed;
  if (command.kind === 'help') {
    io.out(USAGE);
    return 0;
  }
  const uri = io.env['MONGODB_URI'];
  if (!uri) {
    io.err('MONGODB_URI is not set: it names the database to administer');
    return 2;
  }
  const db = await (io.connect ?? connectDb)(uri);
  try {
    const result = await runAdminCommand(db, command, {
      simulatorUrl: simulatorUrlOf(io.env),
      publicUrl: io.env['PUBLIC_URL'] || undefined,
    });
    io.out(json ? JSON.stringify(jsonOutput(result), null, 2) : textOutput(result));
    return 0;
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    io.err(json ? JSON.stringify({ error: error.message }) : error.message);
    return 1;
  } finally {
    await db.close();
  }
}

/**
 * The Unipile simulator, where `account reconnect` restores the session of an account registered
 * directly: the same `NETWORK_PROVIDER=sandbox` and `UNIPILE_DSN` the API reads. None with the real
 * provider, whose accounts reconnect through its hosted sign-in.
 */
function simulatorUrlOf(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const provider = env['NETWORK_PROVIDER'] || 'sandbox';
  return provider === 'sandbox' ? env['UNIPILE_DSN'] || undefined : undefined;
}
