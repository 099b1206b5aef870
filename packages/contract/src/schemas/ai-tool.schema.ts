/** Requests about AI tools: the catalogue listing and the tools a variant enables. */
import { AI_TOOL_KEYS } from '@outreach/domain';
import { z } from 'zod';
import { cursorPaginationQuery } from './pagination.schema.js';

export const listAiToolsQuery = cursorPaginationQuery;

export const aiToolKey = z.enum(AI_TOOL_KEYS);

function problemOf(input: unknown): string {
  const key = typeof input === 'object' && input !== null && 'key' in input ? input.key : input;
  if (typeof key === 'string' && !(AI_TOOL_KEYS as readonly string[]).includes(key))
    return `"${key}" is not an AI tool`;
  return 'must be an AI tool key or { key, name? } with no other field';
}

/** A key, or `{ key, name? }` as variants list their tools. */
export const aiToolSelection = z.union(
  [aiToolKey, z.strictObject({ key: aiToolKey, name: z.string().max(200).optional() })],
  {
    error: (issue) =>
      `${problemOf(issue.input)}: use one of ${AI_TOOL_KEYS.join(', ')} (see GET /v1/ai-tools)`,
  },
);

export const aiToolSelectionList = z.array(aiToolSelection).max(20);
