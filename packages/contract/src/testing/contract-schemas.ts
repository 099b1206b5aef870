/**
 * Compiles JSON Schemas of the document with ajv (draft 2020-12, the dialect of OpenAPI 3.1).
 * References `#/components/schemas/X` are rewritten to point into one registered schema that holds
 * every component, so any response schema can be compiled on its own.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { openApiDocument } from '../openapi-document.js';

const COMPONENTS_ID = 'https://contract.outreach.invalid/components.json';
const COMPONENT_REF = /^#\/components\/schemas\//;

const instances = new Map<boolean, Ajv2020>();
const compiled = {
  strict: new WeakMap<object, ValidateFunction>(),
  lenient: new WeakMap<object, ValidateFunction>(),
};

/**
 * A validator of one schema object of the document (compiled once). Strict by default, as the
 * response checks want; `strict: false` also compiles the request schemas, whose `required` lists
 * name properties of sibling `anyOf` branches (used to check the document's examples).
 */
export function validatorFor(schema: object, { strict = true }: { strict?: boolean } = {}): ValidateFunction {
  const cache = strict ? compiled.strict : compiled.lenient;
  const cached = cache.get(schema);
  if (cached) return cached;
  const validate = contractAjv(strict).compile(withComponentRefs(schema, COMPONENTS_ID) as object);
  cache.set(schema, validate);
  return validate;
}

function contractAjv(strict: boolean): Ajv2020 {
  const existing = instances.get(strict);
  if (existing) return existing;
  const ajv = new Ajv2020({ strict, allErrors: true, allowUnionTypes: true });
  // ajv-formats is CommonJS: its plugin is the module itself and also its `default` property.
  ajvFormats.default(ajv);
  const components = openApiDocument.components['schemas'] ?? {};
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: withComponentRefs(components, '') });
  instances.set(strict, ajv);
  return ajv;
}

/** A copy of the value with every component reference pointing into the registered schema. */
function withComponentRefs(value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withComponentRefs(item, base));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string'
        ? child.replace(COMPONENT_REF, `${base}#/$defs/`)
        : withComponentRefs(child, base),
    ]),
  );
}

/** One readable line per ajv error, such as `/items/0/status must be one of active, paused`. */
export function describeSchemaErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  const lines = (errors ?? []).map((error) => `${error.instancePath || '(root)'} ${describeError(error)}`);
  return [...new Set(lines)];
}

function describeError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties')
    return `has unknown property '${String(params['additionalProperty'])}'`;
  if (error.keyword === 'enum') return `must be one of ${(params['allowedValues'] as unknown[]).join(', ')}`;
  if (error.keyword === 'required') return `lacks required property '${String(params['missingProperty'])}'`;
  return error.message ?? error.keyword;
}
