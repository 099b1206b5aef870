import type { AIToolPage } from '@outreach/contract';
import { AI_TOOL_CATALOGUE, AI_VARIABLE_PREFIX } from '@outreach/domain';
import type { ListAiToolsQuery } from '../inputs.js';

/** The AI tool catalogue, one page of it; the same for every workspace. */
export function listAiTools(query: ListAiToolsQuery): AIToolPage {
  const items = AI_TOOL_CATALOGUE.slice(query.offset, query.offset + query.limit).map((tool) => ({
    key: tool.key,
    name: tool.name,
    description: tool.description,
    maxLength: tool.maxLength,
    variable: `{{${AI_VARIABLE_PREFIX}${tool.key}}}`,
  }));
  return { total: AI_TOOL_CATALOGUE.length, offset: query.offset, limit: query.limit, items };
}
