// De-risks the examples of the document: the interactive docs show them and users copy them, so
// each must be a valid instance of the schema it illustrates (an example once named an AI tool,
// `reply_intent`, that does not exist).
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi-document.js';
import { describeSchemaErrors, validatorFor } from './testing/contract-schemas.js';
import { asObject, resolve } from './testing/document-walk.js';

interface Example {
  readonly where: string;
  readonly schema: object;
  readonly value: unknown;
}

/** A schema without its own `example`/`examples` keywords (ajv's strict mode knows neither). */
function bareSchema(schema: Readonly<Record<string, unknown>>): object {
  const { example: _example, examples: _examples, ...rest } = schema;
  return rest;
}

/** Every example of the document: of media types, parameters, headers and schemas. */
function collectExamples(node: unknown, where: string, found: Example[] = []): Example[] {
  if (Array.isArray(node)) {
    node.forEach((item, index) => collectExamples(item, `${where}/${index}`, found));
    return found;
  }
  const object = asObject(node);
  if (object === undefined) return found;
  const schema = asObject(object['schema']);
  if (schema !== undefined) {
    // A media type, parameter or header: `example`, or `examples` holding Example objects.
    if ('example' in object) found.push({ where, schema, value: object['example'] });
    for (const [name, entry] of Object.entries(asObject(object['examples']) ?? {})) {
      const example = resolve(entry);
      if (example !== undefined && 'value' in example)
        found.push({ where: `${where}/examples/${name}`, schema, value: example['value'] });
    }
  } else if ('example' in object && !('value' in object)) {
    found.push({ where, schema: bareSchema(object), value: object['example'] });
  } else if (Array.isArray(object['examples']) && !('in' in object)) {
    for (const [index, value] of (object['examples'] as unknown[]).entries())
      found.push({ where: `${where}/examples/${index}`, schema: bareSchema(object), value });
  }
  for (const [key, child] of Object.entries(object)) {
    if (key !== 'example' && key !== 'examples') collectExamples(child, `${where}/${key}`, found);
  }
  return found;
}

const examples = collectExamples(openApiDocument, '#');

describe('the examples of the OpenAPI document', () => {
  it('are found in every part of the document', () => {
    expect(examples.length).toBeGreaterThan(50);
    expect(examples.some((example) => example.where.startsWith('#/paths/'))).toBe(true);
    expect(examples.some((example) => example.where.startsWith('#/components/'))).toBe(true);
  });

  it('are each valid against the schema they illustrate', () => {
    const problems = examples.flatMap(({ where, schema, value }) => {
      const validate = validatorFor(schema, { strict: false });
      return validate(value) ? [] : describeSchemaErrors(validate.errors).map((line) => `${where}: ${line}`);
    });
    expect(problems).toEqual([]);
  });
});
