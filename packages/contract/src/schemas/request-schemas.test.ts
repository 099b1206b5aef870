/**
 * The zod schemas accept what the document shows as valid requests, and every operation that can
 * reject input documents the 400 it answers with.
 */
import { describe, expect, it } from 'vitest';
import { asObject, listOperations, resolve, type JsonObject } from '../testing/document-walk.js';
import type { OperationSchemas } from './contract-equality.js';
import { requestSchemas } from './request-schemas.js';

const schemasById: Readonly<Record<string, OperationSchemas>> = requestSchemas;

const operations = listOperations().map((entry) => ({
  ...entry,
  id: String(entry.operation['operationId']),
  schemas: schemasById[String(entry.operation['operationId'])] ?? {},
}));

function requestExamples(operation: JsonObject): unknown[] {
  const mediaType = asObject(asObject(resolve(operation['requestBody'])?.['content'])?.['application/json']);
  if (mediaType === undefined) return [];
  const named = Object.values(asObject(mediaType['examples']) ?? {}).map(
    (example) => resolve(example)?.['value'],
  );
  return mediaType['example'] === undefined ? named : [mediaType['example'], ...named];
}

/** Parameter examples as a server receives them: path and query values are text. */
function parameterExamples(
  parameters: readonly JsonObject[],
  where: 'path' | 'query',
): Record<string, string> {
  return Object.fromEntries(
    parameters
      .filter((parameter) => parameter['in'] === where)
      .map((parameter) => [String(parameter['name']), String(parameter['example'])]),
  );
}

describe('requestSchemas', () => {
  it('has an entry for every operation of the document', () => {
    expect(Object.keys(requestSchemas).sort()).toEqual(operations.map((entry) => entry.id).sort());
  });

  it.each(operations.filter((entry) => requestExamples(entry.operation).length > 0))(
    '$id accepts the request bodies the document shows',
    ({ operation, schemas }) => {
      for (const example of requestExamples(operation)) {
        expect(schemas.body?.safeParse(example).error, JSON.stringify(example)).toBeUndefined();
      }
    },
  );

  it.each(operations.filter((entry) => entry.schemas.params !== undefined))(
    '$id accepts the path parameters the document shows',
    ({ parameters, schemas }) => {
      expect(schemas.params?.safeParse(parameterExamples(parameters, 'path')).error).toBeUndefined();
    },
  );

  it.each(operations.filter((entry) => entry.schemas.query !== undefined))(
    '$id accepts the query string the document shows',
    ({ parameters, schemas }) => {
      const query = parameterExamples(parameters, 'query');
      expect(Object.keys(query).length).toBeGreaterThan(0);
      expect(schemas.query?.safeParse(query).error).toBeUndefined();
    },
  );

  it.each(operations.filter((entry) => Object.keys(entry.schemas).length > 0))(
    '$id documents the 400 its schemas answer bad input with',
    ({ operation }) => {
      expect(Object.keys(asObject(operation['responses']) ?? {})).toContain('400');
    },
  );
});
