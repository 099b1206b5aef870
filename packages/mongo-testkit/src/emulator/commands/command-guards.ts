import type { Document } from 'bson';
import { compileQuery, runPipeline } from '../query/mingo-bridge.js';
import { splitEqualities } from '../query/equality-matcher.js';
import { assertKnownOperators, assertKnownPipelineOperators } from '../query/operator-check.js';
import { isPlainObject } from '../storage/bson-values.js';
import { ErrorCode, MongoCommandError, notSupported } from '../mongo-error.js';

/**
 * Checks made before a command runs, so that what the emulator cannot answer as MongoDB would is
 * refused whatever the data: options it does not implement (collation, views, document
 * validation, capped and time-series collections, `sort` of updates), and unknown query or
 * expression operators, even when the collection is empty or missing and no document is tested.
 */
export function guardCommand(command: string, body: Document): void {
  const check = GUARDS[command];
  if (check !== undefined) check(body);
}

const GUARDS: Record<string, (body: Document) => void> = {
  find: (body) => {
    checkCommandOptions(body);
    validateFilter(body['filter']);
  },
  count: (body) => {
    checkCommandOptions(body);
    validateFilter(body['query']);
  },
  distinct: (body) => {
    checkCommandOptions(body);
    validateFilter(body['query']);
  },
  findAndModify: (body) => {
    checkCommandOptions(body);
    validateFilter(body['query']);
    if (Array.isArray(body['update'])) assertKnownPipelineOperators(body['update']);
  },
  aggregate: (body) => {
    checkCommandOptions(body);
    const pipeline: unknown = body['pipeline'];
    if (!Array.isArray(pipeline)) return;
    for (const stage of pipeline as unknown[]) {
      if (isPlainObject(stage) && '$match' in stage) validateFilter(stage['$match']);
    }
    assertKnownPipelineOperators(pipeline);
  },
  update: (body) => {
    checkCommandOptions(body);
    for (const statement of statements(body['updates'])) {
      // MongoDB 7.0 (which the emulator reports) has no `sort` for updates: it rejects the field.
      if (statement['sort'] !== undefined) {
        throw new MongoCommandError(
          ErrorCode.Location40415,
          "BSON field 'update.updates.sort' is an unknown field.",
        );
      }
      refuseCollation(statement);
      validateFilter(statement['q']);
      if (Array.isArray(statement['u'])) assertKnownPipelineOperators(statement['u']);
    }
  },
  delete: (body) => {
    checkCommandOptions(body);
    for (const statement of statements(body['deletes'])) {
      refuseCollation(statement);
      validateFilter(statement['q']);
    }
  },
  createIndexes: (body) => {
    for (const spec of statements(body['indexes'])) refuseCollation(spec);
  },
  create: (body) => {
    refuseCollation(body);
    const unsupported = CREATE_OPTIONS.find(([option]) => body[option] !== undefined);
    if (unsupported !== undefined) throw notSupported(unsupported[1]);
  },
};

const CREATE_OPTIONS: readonly [string, string][] = [
  ['viewOn', 'a view (create with viewOn)'],
  ['pipeline', 'a view (create with pipeline)'],
  ['validator', 'document validation (validator)'],
  ['validationLevel', 'document validation (validationLevel)'],
  ['validationAction', 'document validation (validationAction)'],
  ['capped', 'a capped collection'],
  ['timeseries', 'a time-series collection'],
  ['clusteredIndex', 'a clustered collection'],
  ['expireAfterSeconds', 'a collection-level expireAfterSeconds'],
  ['changeStreamPreAndPostImages', 'changeStreamPreAndPostImages'],
  ['encryptedFields', 'queryable encryption (encryptedFields)'],
];

function checkCommandOptions(body: Document): void {
  refuseCollation(body);
  const variables: unknown = body['let'];
  if (variables !== undefined && !isPlainObject(variables)) {
    throw new MongoCommandError(
      ErrorCode.TypeMismatch,
      "BSON field 'let' is the wrong type, expected type 'object'",
    );
  }
}

/** The simple binary collation is what the emulator does anyway; any other one would be ignored. */
function refuseCollation(holder: Document): void {
  const collation: unknown = holder['collation'];
  if (collation === undefined || collation === null) return;
  if (isPlainObject(collation) && collation['locale'] === 'simple') return;
  throw notSupported('collation');
}

function validateFilter(filter: unknown): void {
  if (!isPlainObject(filter)) return;
  // Field equalities always compile, so only the rest is compiled (compiling one per statement of
  // a bulk write was costly; a claim's `$in` of ids made each compile copy the whole list).
  const { rest } = splitEqualities(filter);
  if (Object.keys(rest).length > 0) compileQuery(rest);
  assertKnownOperators(filter);
}

/**
 * The command's `let` variables (validated by the guards above). Their values are expressions, as
 * on MongoDB: `{ $literal: '$x' }` is the string `$x`, `{ $add: [1, 2] }` is 3.
 */
export function commandVariables(body: Document): Document | undefined {
  const variables: unknown = body['let'];
  if (!isPlainObject(variables)) return undefined;
  return runPipeline([{}], [{ $replaceWith: variables }])[0] ?? {};
}

function statements(value: unknown): Document[] {
  return Array.isArray(value) ? (value as unknown[]).filter(isPlainObject) : [];
}
