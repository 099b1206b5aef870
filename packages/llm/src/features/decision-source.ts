/**
 * Where an AI feature's result came from, shown to users on the lead:
 * - `model`: the language model decided;
 * - `keyword`: no model is configured, the deterministic rules decided (today's behaviour);
 * - `fallback`: the model failed (`failure` says how: timeout, budget_exhausted...) and the
 *   deterministic rules decided instead.
 */
import type { LeadProfile } from '@outreach/domain';
import type { ModelFailureKind } from '../port/language-model.port.js';

export const DECISION_SOURCES = ['model', 'keyword', 'fallback'] as const;
export type DecisionSource = (typeof DECISION_SOURCES)[number];

export interface DecisionOrigin {
  source: DecisionSource;
  /** The model that answered; null when the rules decided. */
  model: string | null;
  /** Why the model's answer was not used; null unless `source` is `fallback`. */
  failure: ModelFailureKind | null;
}

export const KEYWORD_ORIGIN: DecisionOrigin = { source: 'keyword', model: null, failure: null };

/**
 * What the model is told about a lead: who they are and where they work. Email and phone are left
 * out: no feature needs them, and they should not leave the service.
 */
export function leadForPrompt(lead: LeadProfile): Record<string, string> {
  const fields: Record<string, unknown> = {
    firstName: lead.firstName,
    lastName: lead.lastName,
    headline: lead.headline,
    companyName: lead.companyName,
    website: lead.website,
    summary: lead.summary,
  };
  for (const [name, value] of Object.entries(lead.customVariables ?? {})) {
    if (!(name in fields)) fields[name] = value;
  }
  const entries = Object.entries(fields).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
  );
  return Object.fromEntries(entries.map(([name, value]) => [name, value.trim()]));
}

/** A model's reason as one display line: whitespace collapsed, at most `max` characters. */
export function oneLine(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`;
}
