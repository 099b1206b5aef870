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

let ajv: Ajv2020 | undefined;
const compiled = new WeakMap<object, ValidateFunction>();

/** A validator of one schema object of the document (compiled once). */
export function validatorFor(schema: object): ValidateFunction {
  const cached = compiled.get(schema);
  if (cached) return cached;
  const validate = contractAjv().compile(withComponentRefs(schema, COMPONENTS_ID) as object);
  compiled.set(schema, validate);
  return validate;
}

function contractAjv(): Ajv2020 {
  if (ajv) return ajv;
  ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  // ajv-formats is CommonJS: its plugin is the module itself and also its `default` property.
  ajvFormats.default(ajv);
  const components = openApiDocument.components['schemas'] ?? {};
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: withComponentRefs(components, '') });
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
