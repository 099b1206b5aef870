/**
 * The AI tools a variant can enable. Each tool writes one short text per lead from the lead's
 * profile; its key becomes the template variable `{{ai.<key>}}`. A variant may only use the tools
 * enabled on it, and a tool that produces nothing acceptable (no model, a failure, an over-long or
 * blank answer) leaves its variable missing, so the step falls back to `genericBody` exactly as for
 * any other missing variable.
 */
import { AI_VARIABLE_PREFIX, aiToolKeyOf } from './ai-variable.js';
import { DomainError } from './errors.js';
import { copiedRun, leadFreeText, leadNames } from './copied-text.rules.js';
import { unsafeContent } from './lead-text-safety.rules.js';
import type { AiTool, LeadProfile } from './model.types.js';
import { placeholdersIn, textLength } from './template-rendering.js';

export interface AiToolDefinition {
  key: string;
  name: string;
  /** What the tool writes; also the instruction the model receives. */
  description: string;
  /** Longest accepted value, in characters; a longer answer is refused rather than cut. */
  maxLength: number;
}

export const AI_TOOL_CATALOGUE = [
  {
    key: 'opening_line',
    name: 'Personalised opening line',
    description:
      'One friendly opening sentence addressed to the lead that refers to something specific in their headline, company or summary.',
    maxLength: 200,
  },
  {
    key: 'company_hook',
    name: 'One-sentence company hook',
    description:
      "One sentence about what the lead's company does, phrased as the reason this message concerns them.",
    maxLength: 200,
  },
  {
    key: 'role_challenge',
    name: 'Likely challenge of the role',
    description: "One short phrase naming a challenge someone in the lead's role typically faces.",
    maxLength: 120,
  },
] as const satisfies readonly AiToolDefinition[];

export type AiToolKey = (typeof AI_TOOL_CATALOGUE)[number]['key'];

export const AI_TOOL_KEYS: readonly AiToolKey[] = AI_TOOL_CATALOGUE.map((tool) => tool.key);

export function findAiTool(key: string): AiToolDefinition | undefined {
  return AI_TOOL_CATALOGUE.find((tool) => tool.key === key);
}

/** The tool keys a template uses, each once, in order of appearance. */
export function aiToolKeysIn(template: string): string[] {
  const keys = placeholdersIn(template).map(aiToolKeyOf);
  return [...new Set(keys.filter((key): key is string => key !== null))];
}

/**
 * The stored form of the tools a variant enables, from their keys: names come from the catalogue,
 * duplicates collapse, and an unknown key refuses the whole list.
 */
export function aiToolsFromKeys(keys: readonly string[]): AiTool[] {
  const unknown = keys.filter((key) => findAiTool(key) === undefined);
  if (unknown.length > 0) {
    throw new DomainError('unknown_ai_tool', `unknown AI tool: ${unknown.join(', ')}`, {
      unknownKeys: unknown,
      knownKeys: AI_TOOL_CATALOGUE.map((tool) => tool.key),
    });
  }
  return [...new Set(keys)].map((key) => ({ key, name: findAiTool(key)?.name ?? key }));
}

/** A tool as an API caller names it: its key, or `{ key, name? }` as variants list them. */
export type AiToolSelection = string | { key: string; name?: string | undefined };

/**
 * The stored tools of a selection. A name, when given, must be the catalogue's name for the key, so
 * a caller that renamed a tool learns that names are not theirs to set.
 */
export function aiToolsFromSelection(selection: readonly AiToolSelection[]): AiTool[] {
  const keys = selection.map((item) => (typeof item === 'string' ? item : item.key));
  const tools = aiToolsFromKeys(keys);
  const renamed = selection.filter(
    (item) => typeof item !== 'string' && item.name !== undefined && item.name !== findAiTool(item.key)?.name,
  );
  if (renamed.length > 0) {
    const names = renamed.map(
      (item) => typeof item !== 'string' && `${item.key} is "${findAiTool(item.key)?.name ?? ''}"`,
    );
    throw new DomainError(
      'invalid_input',
      `aiTools: a tool's name comes from the catalogue: ${names.join(', ')}`,
      {
        field: 'aiTools',
      },
    );
  }
  return tools;
}

/** A variant body may use `{{ai.<key>}}` only for tools enabled on that variant. */
export function assertVariantAiTools(variant: { body: string; aiTools: readonly AiTool[] }): void {
  const enabled = new Set(variant.aiTools.map((tool) => tool.key));
  const notEnabled = aiToolKeysIn(variant.body).filter((key) => !enabled.has(key));
  if (notEnabled.length === 0) return;
  const names = notEnabled.map((key) => `{{${AI_VARIABLE_PREFIX}${key}}}`).join(', ');
  throw new DomainError(
    'ai_tool_not_enabled',
    `body uses ${names} but the variant does not enable ${notEnabled.length === 1 ? 'that AI tool' : 'those AI tools'}: add ${notEnabled.join(', ')} to aiTools`,
    { field: 'body', notEnabled, enabled: [...enabled] },
  );
}

/**
 * A generic body is the fallback when an AI tool produces nothing, so it cannot depend on one.
 */
export function assertNoAiVariables(field: string, template: string): void {
  const used = aiToolKeysIn(template);
  if (used.length === 0) return;
  throw new DomainError(
    'ai_tool_not_enabled',
    `${field} cannot use AI tools (${used.map((key) => `{{${AI_VARIABLE_PREFIX}${key}}}`).join(', ')}): it is the fallback when they produce nothing`,
    { field, notEnabled: used },
  );
}

/**
 * The value a tool's answer gives the template: one line, trimmed; null when blank or longer than
 * the tool's cap (a cut sentence reads broken, so it is refused, not shortened).
 */
export function acceptAiToolValue(tool: Pick<AiToolDefinition, 'maxLength'>, answer: string): string | null {
  const line = answer.replace(/\s+/g, ' ').trim();
  if (line === '' || textLength(line) > tool.maxLength) return null;
  return line;
}

export type AiToolValueVerdict =
  | { ok: true; value: string }
  | { ok: false; failure: 'unusable_answer' | 'unsafe_answer'; problems: string[] };

/**
 * `acceptAiToolValue`, and then what the value carries: a value with a link, an e-mail address, a
 * phone number, a placeholder or markup that is not the lead's own is refused (`unsafe_answer`),
 * since it would go out from the user's account (see `unsafeContent`); so is a value that copies
 * six words in a row or more from the lead's headline or summary (see `copiedRun`).
 */
export function judgeAiToolValue(
  tool: Pick<AiToolDefinition, 'maxLength'>,
  answer: string,
  lead: LeadProfile,
): AiToolValueVerdict {
  const value = acceptAiToolValue(tool, answer);
  if (value === null) return { ok: false, failure: 'unusable_answer', problems: [] };
  const problems = unsafeContent(value, lead);
  const copied = copiedRun(value, leadFreeText(lead), { names: leadNames(lead) });
  if (copied !== null) problems.push(`copies "${copied}" from the lead's own text`);
  return problems.length > 0 ? { ok: false, failure: 'unsafe_answer', problems } : { ok: true, value };
}
