/**
 * Template rendering. Bodies use `{{ name }}` placeholders (spaces inside the braces are optional)
 * for the eight core variables and for custom variables. Rendering either fills every placeholder
 * or fails with the names it could not fill: a raw `{{placeholder}}` never reaches a lead.
 */
import { aiToolKeyOf } from './ai-variable.js';
import { DomainError } from './errors.js';
import type { LeadProfile, TemplateSettings } from './model.types.js';
import { CORE_VARIABLES, type CoreVariable } from './vocabulary.js';

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const BRACE_PAIR = /\{\{|\}\}/;

/** Length as a reader counts it: code points, so an emoji counts once. */
export function textLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** The placeholder names of a template, each once, in order of appearance. */
export function placeholdersIn(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

/** The template's fixed text: what remains with every placeholder removed. */
export function literalText(template: string): string {
  return template.replace(PLACEHOLDER, '');
}

/** What is wrong with a template's syntax: empty placeholders and unmatched braces. */
export function templateProblems(template: string): string[] {
  const problems: string[] = [];
  if (placeholdersIn(template).includes('')) problems.push('a placeholder has no name');
  if (BRACE_PAIR.test(literalText(template))) problems.push('"{{" or "}}" without its pair');
  return problems;
}

/** Rejects a template that could never render, so a typo fails when it is saved, not when it is sent. */
export function assertTemplate(field: string, template: string): void {
  const problems = templateProblems(template);
  if (problems.length > 0) {
    throw new DomainError('invalid_template', `${field}: ${problems.join('; ')}`, { field, problems });
  }
}

/** Answers a placeholder name with its value, or undefined when the lead has none. */
export type VariableLookup = (name: string) => string | undefined;

const CORE_BY_LOWER_NAME = new Map<string, CoreVariable>(
  CORE_VARIABLES.map((name) => [name.toLowerCase(), name]),
);

function present(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function lookupIgnoringCase(
  record: Readonly<Record<string, unknown>> | null | undefined,
  name: string,
): unknown {
  if (!record) return undefined;
  if (Object.hasOwn(record, name)) return record[name];
  const lower = name.toLowerCase();
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === lower);
  return key === undefined ? undefined : record[key];
}

function coreValue(lead: LeadProfile, name: CoreVariable): string | undefined {
  if (name === 'name') {
    return (
      present(lead.name) ?? present([lead.firstName, lead.lastName].map((part) => present(part)).join(' '))
    );
  }
  return present(lead[name]);
}

/**
 * The values a lead offers to templates. Core variable names are matched without regard to case;
 * a core variable switched off renders as missing, whatever the lead holds, and custom variables
 * cannot stand in for it. A custom variable comes from the lead, else from the campaign default.
 * `{{ai.<key>}}` reads `settings.aiValues` only.
 */
export function templateVariables(lead: LeadProfile, settings: TemplateSettings = {}): VariableLookup {
  return (name) => {
    const aiKey = aiToolKeyOf(name);
    // AI values come only from the variant's tools: a custom variable cannot stand in for one.
    if (aiKey !== null) return present(settings.aiValues?.[aiKey]);
    const core = CORE_BY_LOWER_NAME.get(name.toLowerCase());
    if (core !== undefined) {
      return settings.coreVariables?.[core] === false ? undefined : coreValue(lead, core);
    }
    return (
      present(lookupIgnoringCase(lead.customVariables, name)) ??
      present(lookupIgnoringCase(settings.customVariables, name))
    );
  };
}

export type RenderResult =
  | { ok: true; text: string }
  | {
      ok: false;
      /** Placeholder names with no value. */
      missing: readonly string[];
      /** True when the template's syntax is broken (see `templateProblems`). */
      malformed: boolean;
    };

/** Braces in a value are collapsed so that a value cannot smuggle a placeholder into the text. */
function neutralise(value: string): string {
  return value.replace(/\{+/g, '{').replace(/\}+/g, '}');
}

/**
 * Fills every placeholder in one pass (values are never rendered again). Fails with the missing
 * names, or as malformed, rather than return text that still holds a placeholder.
 */
export function renderTemplate(template: string, lookup: VariableLookup): RenderResult {
  const names = placeholdersIn(template);
  const missing = names.filter((name) => name !== '' && lookup(name) === undefined);
  const malformed = templateProblems(template).length > 0;
  if (missing.length > 0 || malformed) return { ok: false, missing, malformed };
  const text = template.replace(PLACEHOLDER, (_match, name: string) => neutralise(lookup(name) ?? ''));
  // A value next to a literal brace can still pair up; the text is only safe without any pair.
  if (BRACE_PAIR.test(text)) return { ok: false, missing: [], malformed: true };
  return { ok: true, text };
}
