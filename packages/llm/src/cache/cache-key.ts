import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { StructuredRequest } from '../port/language-model.port.js';

/**
 * The same question to the same model: model, task, instructions, input and the answer's JSON
 * schema (so a changed answer shape is never served an old answer). SHA-256, hex.
 */
export function cacheKey(model: string, request: StructuredRequest<unknown>): string {
  const schema = z.toJSONSchema(request.schema, { unrepresentable: 'any' });
  const material = JSON.stringify([model, request.task, request.instructions, request.input, schema]);
  return createHash('sha256').update(material).digest('hex');
}
