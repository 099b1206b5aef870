import type { AIToolPage } from '@outreach/contract';
import { AI_TOOL_CATALOGUE, AI_VARIABLE_PREFIX } from '@outreach/domain';
import { InvalidCursorError } from '@outreach/db';
import type { ListAiToolsQuery } from '../inputs.js';

const LIST = 'ai-tools';

/** The AI tool catalogue, one page of it; the same for every workspace. */
export function listAiTools(query: ListAiToolsQuery): AIToolPage {
  const start = (query.after === undefined ? 0 : indexAfter(query.after)) + query.offset;
  const tools = AI_TOOL_CATALOGUE.slice(start, start + query.limit);
  const items = tools.map((tool) => ({
    key: tool.key,
    name: tool.name,
    description: tool.description,
    maxLength: tool.maxLength,
    variable: `{{${AI_VARIABLE_PREFIX}${tool.key}}}`,
  }));
  const last = tools.at(-1);
  const more = last !== undefined && start + tools.length < AI_TOOL_CATALOGUE.length;
  const nextCursor = more ? Buffer.from(JSON.stringify([LIST, last.key])).toString('base64url') : null;
  return { total: AI_TOOL_CATALOGUE.length, offset: query.offset, limit: query.limit, nextCursor, items };
}

/** The catalogue position right after the tool the cursor names (cursors name a key, not a count). */
function indexAfter(cursor: string): number {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!Array.isArray(parsed) || parsed[0] !== LIST) throw new InvalidCursorError();
  const index = AI_TOOL_CATALOGUE.findIndex((tool) => tool.key === parsed[1]);
  if (index < 0) throw new InvalidCursorError();
  return index + 1;
}
