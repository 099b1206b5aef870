import type { components } from '@outreach/client';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

type TemplateWarning = components['schemas']['TemplateWarning'];

interface SequenceWarnings {
  /** The warnings of the latest save, for one step's generic text (variantId null) or one variant. */
  of: (stepId: string, variantId: string | null) => TemplateWarning[];
  /** Records a save's answer: a step list speaks for the whole sequence, the others for one step. */
  record: (scope: { stepId: string } | 'sequence', warnings: TemplateWarning[]) => void;
}

const Context = createContext<SequenceWarnings>({ of: () => [], record: () => {} });

/**
 * The template warnings the API answers on each save (variables nothing fills), kept while the
 * editor is open so each shows next to the step or variant it names. They only come with saves,
 * so they are state of the editor, not of the query cache.
 */
export function SequenceWarningsProvider({ children }: { children: ReactNode }) {
  const [byStep, setByStep] = useState<ReadonlyMap<string, TemplateWarning[]>>(new Map());
  const record = useCallback<SequenceWarnings['record']>((scope, warnings) => {
    setByStep((current) => {
      const next = new Map(scope === 'sequence' ? [] : current);
      if (scope !== 'sequence') next.set(scope.stepId, []);
      for (const warning of warnings)
        next.set(warning.stepId, [...(next.get(warning.stepId) ?? []), warning]);
      return next;
    });
  }, []);
  const value = useMemo<SequenceWarnings>(
    () => ({
      of: (stepId, variantId) => (byStep.get(stepId) ?? []).filter((w) => w.variantId === variantId),
      record,
    }),
    [byStep, record],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useSequenceWarnings(): SequenceWarnings {
  return useContext(Context);
}

/** The variables nothing fills in this template, and what to do about them. */
export function TemplateWarningList({ warnings, label }: { warnings: TemplateWarning[]; label: string }) {
  if (warnings.length === 0) return null;
  return (
    <div className="state state-warn warnings">
      <p>
        <strong>
          Saved, but nothing fills {warnings.map((w) => `{{${w.variable}}}`).join(', ')} in {label}.
        </strong>{' '}
        Check the spelling, give the campaign a default in its custom variables, or import leads that carry
        the field: the campaign will not start while a lead lacks it.
      </p>
    </div>
  );
}
