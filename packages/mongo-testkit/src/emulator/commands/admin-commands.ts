import type { Document } from 'bson';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';
import type { CommandContext, CommandHandler } from './command-context.js';

/** Wire version 21 is MongoDB 7.0; the current driver refuses servers below 9. */
export const MAX_WIRE_VERSION = 21;
export const SERVER_VERSION = '7.0.0';
const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;

/**
 * The handshake and heartbeat reply. It presents a standalone server. Without `topologyVersion`
 * the driver polls with plain `hello` commands instead of streaming (exhaust) heartbeats.
 */
function helloReply(context: CommandContext, legacyName: boolean): Document {
  return {
    [legacyName ? 'ismaster' : 'isWritablePrimary']: true,
    helloOk: true,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: 48_000_000,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: context.connectionId,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  };
}

const KNOWN_PARAMETERS: Document = {
  featureCompatibilityVersion: { version: '7.0' },
  ttlMonitorSleepSecs: 1,
  maxBSONDepth: 100,
};

function getParameter(context: CommandContext): Document {
  const everything = context.body['getParameter'] === '*';
  const requested = everything
    ? Object.keys(KNOWN_PARAMETERS)
    : Object.keys(context.body).filter((key) => key in KNOWN_PARAMETERS);
  if (requested.length === 0) {
    throw new MongoCommandError(ErrorCode.InvalidOptions, 'no option found to get');
  }
  return { ...Object.fromEntries(requested.map((key) => [key, KNOWN_PARAMETERS[key]])), ok: 1 };
}

const buildInfo: CommandHandler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'outreach-mongo-emulator',
  versionArray: SERVER_VERSION.split('.').map(Number).concat([0]),
  bits: 64,
  debug: false,
  maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
  storageEngines: ['emulator'],
  javascriptEngine: 'none',
  ok: 1,
});

const ok: CommandHandler = () => ({ ok: 1 });

export const adminCommands: Record<string, CommandHandler> = {
  hello: (context) => helloReply(context, false),
  isMaster: (context) => helloReply(context, true),
  ismaster: (context) => helloReply(context, true),
  ping: ok,
  buildInfo,
  buildinfo: buildInfo,
  getParameter,
  endSessions: ok,
  refreshSessions: ok,
  killAllSessions: ok,
  whatsmyuri: () => ({ you: '127.0.0.1', ok: 1 }),
  connectionStatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
  getLog: () => ({ totalLinesWritten: 0, log: [], ok: 1 }),
};
