import type { components } from '@outreach/client';
import { isOutreachApiError } from '@outreach/client';

type Campaign = components['schemas']['CampaignDetail'];

/** One entry of a `template_variables_missing` refusal's `details`, as the API documents it. */
export interface TemplateGap {
  variable: string;
  stepId: string;
  variantId: string | null;
  field: string;
  leadsMissing: number;
}

function isGap(value: unknown): value is TemplateGap {
  if (typeof value !== 'object' || value === null) return false;
  const gap = value as Record<string, unknown>;
  return (
    typeof gap['variable'] === 'string' &&
    typeof gap['stepId'] === 'string' &&
    typeof gap['leadsMissing'] === 'number' &&
    (gap['variantId'] === null || typeof gap['variantId'] === 'string')
  );
}

/** The gaps of a start refused for template variables; null for any other error. */
export function templateGaps(error: unknown): TemplateGap[] | null {
  if (!isOutreachApiError(error) || error.code !== 'template_variables_missing') return null;
  // `details` is free-form in the contract's Error schema: read only entries of the documented shape.
  return Array.isArray(error.details) ? error.details.filter(isGap) : [];
}

/** Where a gap is, as the editor names it: "Variant B of step 2", "the note of step 1". */
export function gapPlace(gap: TemplateGap, campaign: Campaign): string {
  const stepIndex = campaign.steps.findIndex((step) => step.id === gap.stepId);
  const step = campaign.steps[stepIndex];
  const stepName = `step ${stepIndex + 1}`;
  if (!step) return 'a step since removed';
  if (gap.variantId === null)
    return `the generic text of ${stepName}${step.type === 'invitation' ? ' (its note)' : ''}`;
  const variantIndex = (step.variants ?? []).findIndex((variant) => variant.id === gap.variantId);
  return variantIndex < 0
    ? `a variant of ${stepName}`
    : `Variant ${String.fromCharCode(65 + variantIndex)} of ${stepName}`;
}

/** A start refused because templates would fail for some leads: which variables, how many leads, what to do. */
export function TemplateGapsRefusal({ gaps, campaign }: { gaps: TemplateGap[]; campaign: Campaign }) {
  return (
    <div className="state state-error" role="alert">
      <p>
        <strong>The campaign was not started: some messages would miss a value for some leads.</strong>
      </p>
      <ul aria-label="Template variables without a value">
        {gaps.map((gap) => (
          <li key={`${gap.stepId}-${gap.variantId ?? 'generic'}-${gap.variable}`}>
            <code>{`{{${gap.variable}}}`}</code> in {gapPlace(gap, campaign)}: {gap.leadsMissing}{' '}
            {gap.leadsMissing === 1 ? 'lead lacks' : 'leads lack'} it
          </li>
        ))}
      </ul>
      <p>
        Fix the spelling in the template, give the variable a default in the campaign's custom variables, add
        a generic text that needs no such value, or remove those leads; then start again.
      </p>
    </div>
  );
}
