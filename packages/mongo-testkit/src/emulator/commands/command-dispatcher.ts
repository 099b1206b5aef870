import type { Document } from 'bson';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';
import { isPlainObject } from '../storage/bson-values.js';
import { adminCommands } from './admin-commands.js';
import { aggregateCommands } from './aggregate-command.js';
import type { CommandContext, CommandHandler } from './command-context.js';
import { guardCommand } from './command-guards.js';
import { explainCommands } from './explain-command.js';
import { findAndModifyCommands } from './find-and-modify-command.js';
import { indexCommands } from './index-commands.js';
import { namespaceCommands } from './namespace-commands.js';
import { readCommands } from './read-commands.js';
import { writeCommands } from './write-commands.js';

const COMMANDS = new Map<string, CommandHandler>(
  Object.entries({
    ...adminCommands,
    ...namespaceCommands,
    ...indexCommands,
    ...readCommands,
    ...writeCommands,
    ...findAndModifyCommands,
    ...aggregateCommands,
    ...explainCommands,
  }),
);

/** A standalone server refuses transactions; saying so beats silently ignoring them. */
function rejectTransactions(body: Document): void {
  if (
    body['txnNumber'] !== undefined ||
    body['startTransaction'] !== undefined ||
    body['autocommit'] !== undefined
  ) {
    throw new MongoCommandError(
      ErrorCode.IllegalOperation,
      'Transaction numbers are only allowed on a replica set member or mongos',
    );
  }
}

/** Runs one command and always answers: a reply, or the error as MongoDB would shape it. */
export function runCommand(context: CommandContext): Document {
  const name = Object.keys(context.body)[0] ?? '';
  try {
    rejectTransactions(context.body);
    const handler = COMMANDS.get(name);
    if (handler === undefined)
      throw new MongoCommandError(ErrorCode.CommandNotFound, `no such command: '${name}'`);
    guardCommand(name, context.body);
    const explained: unknown = context.body['explain'];
    if (name === 'explain' && isPlainObject(explained)) {
      guardCommand(Object.keys(explained)[0] ?? '', explained);
    }
    return handler(context);
  } catch (error) {
    if (error instanceof MongoCommandError) return error.toReply();
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: 0,
      errmsg: `emulator internal error: ${message}`,
      code: ErrorCode.InternalError,
      codeName: 'InternalError',
    };
  }
}
