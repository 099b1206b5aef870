/**
 * What a lead receives at a step. A message step sends its chosen variant, falls back to the step's
 * `genericBody`, and otherwise sends nothing: the lead is paused with `missing_variable`. An
 * invitation note is optional, so it never holds an invitation back (see `composeInvitationNote`).
 */
import type { LeadProfile, StepDef, TemplateSettings, VariantDef } from './model.types.js';
import { renderTemplate, templateVariables, textLength, type VariableLookup } from './template-rendering.js';
import { LIMITS } from './vocabulary.js';

export type ComposedMessage =
  | { ok: true; text: string; source: 'variant' | 'generic_body'; variantId: string | null }
  | {
      ok: false;
      internalStatus: 'missing_variable';
      /** Names that had no value in any template tried; empty when every template was blank. */
      missing: readonly string[];
    };

type Attempt = { ok: true; text: string } | { ok: false; missing: readonly string[] };

/** A blank template has nothing to say, so it counts as a failure and the next one is tried. */
function attempt(template: string | null | undefined, lookup: VariableLookup): Attempt {
  if (template === null || template === undefined || template.trim() === '')
    return { ok: false, missing: [] };
  const result = renderTemplate(template, lookup);
  return result.ok ? { ok: true, text: result.text.trim() } : { ok: false, missing: result.missing };
}

/**
 * Renders the message of a message or screener step for one lead: the chosen variant first (pass
 * null when rotation found none), then the step's `genericBody`.
 */
export function composeStepMessage(
  step: Pick<StepDef, 'genericBody'>,
  variant: Pick<VariantDef, 'id' | 'body'> | null,
  lead: LeadProfile,
  settings: TemplateSettings = {},
): ComposedMessage {
  const lookup = templateVariables(lead, settings);
  const fromVariant = attempt(variant?.body, lookup);
  if (fromVariant.ok)
    return { ok: true, text: fromVariant.text, source: 'variant', variantId: variant?.id ?? null };
  const fromGeneric = attempt(step.genericBody, lookup);
  if (fromGeneric.ok) return { ok: true, text: fromGeneric.text, source: 'generic_body', variantId: null };
  const missing = [...new Set([...fromVariant.missing, ...fromGeneric.missing])];
  return { ok: false, internalStatus: 'missing_variable', missing };
}

export interface InvitationNote {
  /** The note to send, or null to send the invitation without one. */
  note: string | null;
  /** Why a written note was left out. */
  omitted: 'missing_variable' | 'too_long' | null;
  missing: readonly string[];
}

/**
 * The optional note of an invitation step (`genericBody`). The network takes a note of at most 300
 * characters. A note that cannot be rendered, or renders longer than that, is left out and the
 * invitation goes without one: a plain invitation still does the step's job, whereas cutting the
 * note would send a sentence broken mid-way, and pausing the lead would stall the whole sequence for
 * an optional courtesy. `omitted` tells the runner to log why.
 */
export function composeInvitationNote(
  step: Pick<StepDef, 'genericBody'>,
  lead: LeadProfile,
  settings: TemplateSettings = {},
): InvitationNote {
  if (step.genericBody === null || step.genericBody.trim() === '')
    return { note: null, omitted: null, missing: [] };
  const rendered = attempt(step.genericBody, templateVariables(lead, settings));
  if (!rendered.ok) return { note: null, omitted: 'missing_variable', missing: rendered.missing };
  if (textLength(rendered.text) > LIMITS.invitationNoteMaxLength) {
    return { note: null, omitted: 'too_long', missing: [] };
  }
  return { note: rendered.text, omitted: null, missing: [] };
}
