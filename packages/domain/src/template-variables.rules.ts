/**
 * Which template variables a sequence cannot fill. Two questions, asked at two moments:
 *
 * - When a template is saved: is each variable something that could ever have a value (a core
 *   variable, an AI tool enabled on that variant, a campaign custom variable, or a custom field of
 *   one of the campaign's leads)? A name that is none of these is almost always a typo
 *   (`{{compnay}}`, `{{first_name}}`). Saving stays allowed, because leads carrying that field may
 *   be imported later, so the answer only warns.
 * - When the campaign is started: which leads would a template fail for, with no fallback that
 *   renders for them? Those leads would be paused (`missing_variable`) or get their invitation
 *   without its note, so the start is refused with the names and counts (see `templateGaps`).
 */
import { aiToolKeyOf } from './ai-variable.js';
import { DomainError } from './errors.js';
import type { LeadProfile, StepDef, TemplateSettings, VariantDef } from './model.types.js';
import { placeholdersIn, templateVariables, type VariableLookup } from './template-rendering.js';
import { CORE_VARIABLES, VARIANT_STEP_TYPES, type LeadStatus } from './vocabulary.js';

/** Where a variable is used: the step, and the variant (null for the step's `genericBody`). */
export interface TemplatePlace {
  stepId: string;
  /** 0-based position of the step. */
  stepOrder: number;
  variantId: string | null;
  field: 'body' | 'genericBody';
}

export interface TemplateWarning extends TemplatePlace {
  variable: string;
  message: string;
}

export interface KnownVariables extends Pick<TemplateSettings, 'customVariables'> {
  /** Custom field names found on the campaign's leads. */
  leadVariableNames: readonly string[];
}

const CORE_LOWER = new Set(CORE_VARIABLES.map((name) => name.toLowerCase()));

/** A template with where it is, for every template of the steps (variants first, then genericBody). */
function templatesOf(
  steps: readonly StepDef[],
): Array<TemplatePlace & { template: string; variant: VariantDef | null }> {
  const found: Array<TemplatePlace & { template: string; variant: VariantDef | null }> = [];
  for (const step of steps) {
    for (const variant of step.variants) {
      found.push({
        stepId: step.id,
        stepOrder: step.order,
        variantId: variant.id,
        field: 'body',
        template: variant.body,
        variant,
      });
    }
    if (step.genericBody !== null) {
      found.push({
        stepId: step.id,
        stepOrder: step.order,
        variantId: null,
        field: 'genericBody',
        template: step.genericBody,
        variant: null,
      });
    }
  }
  return found;
}

/**
 * The variables of the steps' templates that nothing could fill, each with where it is. Names
 * are compared without regard to case, as rendering does.
 */
export function unknownTemplateVariables(
  steps: readonly StepDef[],
  known: KnownVariables,
): TemplateWarning[] {
  const custom = new Set(
    [...Object.keys(known.customVariables ?? {}), ...known.leadVariableNames].map((name) =>
      name.toLowerCase(),
    ),
  );
  const warnings: TemplateWarning[] = [];
  for (const { template, variant, ...place } of templatesOf(steps)) {
    const enabledTools = new Set((variant?.aiTools ?? []).map((tool) => tool.key));
    for (const variable of placeholdersIn(template)) {
      if (variable === '') continue;
      const aiKey = aiToolKeyOf(variable);
      if (
        aiKey !== null
          ? enabledTools.has(aiKey)
          : CORE_LOWER.has(variable.toLowerCase()) || custom.has(variable.toLowerCase())
      )
        continue;
      warnings.push({ ...place, variable, message: unknownMessage(variable, aiKey, place) });
    }
  }
  return warnings;
}

function unknownMessage(variable: string, aiKey: string | null, place: TemplatePlace): string {
  const where = `step ${place.stepOrder}${place.variantId === null ? ' genericBody' : ` variant ${place.variantId}`}`;
  if (aiKey !== null) return `{{${variable}}} in ${where}: no AI tool ${aiKey} is enabled there`;
  return `{{${variable}}} in ${where} is not a core variable, a campaign custom variable or a custom field of any lead of the campaign`;
}

/** What the start check reads of a lead. */
export interface LeadForTemplates extends LeadProfile {
  status: LeadStatus;
  currentStep: number;
}

export interface TemplateGap extends TemplatePlace {
  variable: string;
  /** Leads that lack the variable and for which no fallback renders. */
  leadsMissing: number;
}

/** AI values are written when the message is sent; a failure then falls back like any missing value. */
function withAiPresent(lookup: VariableLookup): VariableLookup {
  return (name) => (aiToolKeyOf(name) !== null ? 'ai' : lookup(name));
}

/**
 * The names of a template that have no value, or null for a blank template (it is never sent).
 * Only the lookups are made: the syntax was checked when the template was saved, and rendering the
 * text for every lead of a large campaign would only cost time.
 */
function missingIn(names: readonly string[] | null, lookup: VariableLookup): readonly string[] | null {
  if (names === null) return null;
  return names.filter((name) => lookup(name) === undefined);
}

/** Each template's placeholder names, read once per start rather than once per lead. */
function namesOf(template: string | null): string[] | null {
  if (template === null || template.trim() === '') return null;
  return placeholdersIn(template).filter((name) => name !== '');
}

/**
 * For each template and variable, how many leads that still have the step ahead of them would get
 * nothing from it: a variant that does not render for a lead whose step `genericBody` does not
 * render either (the lead would be paused), or an invitation note that does not render (the
 * invitation would go without it). Leads already past a step, or finished, are not counted. The
 * rotation's pick is not known in advance, so every enabled variant is checked for every lead.
 */
export function templateGaps(
  steps: readonly StepDef[],
  leads: readonly LeadForTemplates[],
  settings: Pick<TemplateSettings, 'coreVariables' | 'customVariables'>,
): TemplateGap[] {
  const counts = new Map<string, TemplateGap>();
  const count = (place: TemplatePlace, variables: readonly string[]) => {
    for (const variable of variables) {
      const key = JSON.stringify([place.stepId, place.variantId, variable]);
      const gap = counts.get(key) ?? { ...place, variable, leadsMissing: 0 };
      gap.leadsMissing += 1;
      counts.set(key, gap);
    }
  };
  const names = new Map<string | null, string[] | null>();
  const parsed = (template: string | null) => {
    if (!names.has(template)) names.set(template, namesOf(template));
    return names.get(template) ?? null;
  };
  for (const lead of leads) {
    if (lead.status === 'completed' || lead.status === 'error') continue;
    const lookup = withAiPresent(templateVariables(lead, settings));
    for (const step of steps) {
      if (step.order < lead.currentStep) continue;
      const generic = {
        stepId: step.id,
        stepOrder: step.order,
        variantId: null,
        field: 'genericBody',
      } as const;
      const genericMissing = missingIn(parsed(step.genericBody), lookup);
      if (!(VARIANT_STEP_TYPES as readonly string[]).includes(step.type)) {
        if (step.type === 'invitation' && genericMissing !== null) count(generic, genericMissing);
        continue;
      }
      if (genericMissing !== null && genericMissing.length === 0) continue;
      const variants = step.variants.filter((variant) => !variant.isDisabled);
      if (variants.length === 0) count(generic, genericMissing ?? []);
      for (const variant of variants) {
        const missing = missingIn(parsed(variant.body), lookup);
        if (missing === null || missing.length === 0) continue;
        count({ stepId: step.id, stepOrder: step.order, variantId: variant.id, field: 'body' }, missing);
      }
    }
  }
  return [...counts.values()].sort((a, b) => a.stepOrder - b.stepOrder);
}

/**
 * Refuses a start while a template would fail for some leads with no fallback: those leads would
 * be paused or sent an invitation without its note, and the campaign would look fine until then.
 */
export function assertNoTemplateGaps(gaps: readonly TemplateGap[]): void {
  if (gaps.length === 0) return;
  const listed = gaps
    .slice(0, 5)
    .map(
      (gap) =>
        `{{${gap.variable}}} (step ${gap.stepOrder}, ${gap.variantId === null ? 'genericBody' : `variant ${gap.variantId}`}): ${gap.leadsMissing} ${gap.leadsMissing === 1 ? 'lead' : 'leads'}`,
    );
  const more = gaps.length > listed.length ? `, and ${gaps.length - listed.length} more` : '';
  throw new DomainError(
    'template_variables_missing',
    `templates would fail for some leads with no fallback: ${listed.join('; ')}${more}`,
    gaps,
  );
}
