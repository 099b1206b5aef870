import type { components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../api/session.js';
import { ActionError } from '../../components/states.js';
import { statusLabel } from '../campaigns/campaign-status.js';
import { invalidateCampaign } from './invalidate.js';
import { stepGenericText, stepTakesVariants } from './step-kinds.js';
import { TemplateWarningList, useSequenceWarnings } from './sequence-warnings.js';
import { VariantEditor } from './variant-editor.js';
import { variantLetter } from './variant-letter.js';

type SequenceStep = components['schemas']['SequenceStep'];
type AiTool = components['schemas']['AIToolDefinition'];

/** One step: its delay and reply rule, its generic text and (for steps that take them) its variants. */
export function StepEditor({
  campaignId,
  step,
  aiTools,
}: {
  campaignId: string;
  step: SequenceStep;
  aiTools: AiTool[];
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [delay, setDelay] = useState(step.delay);
  const [stopOnReply, setStopOnReply] = useState(step.stopOnReply);
  const [genericBody, setGenericBody] = useState(step.genericBody ?? '');
  const warnings = useSequenceWarnings();
  const onSettled = () => invalidateCampaign(queryClient);
  const update = api.useMutation('put', '/v1/campaigns/{id}/steps/{stepId}', {
    onSuccess: (result) => warnings.record({ stepId: step.id }, result.warnings),
    onSettled,
  });
  const remove = api.useMutation('delete', '/v1/campaigns/{id}/steps/{stepId}', {
    onSuccess: (result) => warnings.record('sequence', result.warnings),
    onSettled,
  });
  const addVariant = api.useMutation('post', '/v1/campaigns/{id}/steps/{stepId}/variants', {
    onSuccess: (result) => warnings.record({ stepId: step.id }, result.warnings),
    onSettled,
  });
  const genericWarnings = warnings.of(step.id, null);
  const path = { id: campaignId, stepId: step.id };
  const title = `Step ${step.order + 1}: ${statusLabel(step.type)}`;
  const genericText = stepGenericText(step.type);
  const hasVariants = stepTakesVariants(step.type);

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      params: { path },
      body: {
        delay,
        stopOnReply,
        ...(genericText ? { genericBody: genericBody.trim() ? genericBody : null } : {}),
      },
    });
  };

  return (
    <section className="card" aria-label={title}>
      <h3>{title}</h3>
      <form className="field-row" onSubmit={save}>
        <label htmlFor={`delay-${step.id}`}>Delay (days)</label>
        <input
          id={`delay-${step.id}`}
          type="number"
          min={0}
          max={365}
          value={delay}
          onChange={(event) => setDelay(Number(event.target.value))}
        />
        <input
          id={`stop-${step.id}`}
          type="checkbox"
          checked={stopOnReply}
          onChange={(event) => setStopOnReply(event.target.checked)}
        />
        <label htmlFor={`stop-${step.id}`}>Stop when the lead replies</label>
        {genericText && (
          <span className="field-wide">
            <label htmlFor={`generic-${step.id}`}>
              Generic text of step {step.order + 1} ({genericText})
            </label>
            <textarea
              id={`generic-${step.id}`}
              rows={2}
              value={genericBody}
              onChange={(event) => setGenericBody(event.target.value)}
            />
          </span>
        )}
        <button type="submit" disabled={update.isPending}>
          Save step {step.order + 1}
        </button>
        <button
          type="button"
          className="danger"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(`Delete ${title}?`)) remove.mutate({ params: { path } });
          }}
        >
          Delete step {step.order + 1}
        </button>
      </form>
      {update.isSuccess ? (
        <div role="status">
          <p>Step {step.order + 1} updated.</p>
          <TemplateWarningList
            warnings={genericWarnings}
            label={`the generic text of step ${step.order + 1}`}
          />
        </div>
      ) : (
        <TemplateWarningList
          warnings={genericWarnings}
          label={`the generic text of step ${step.order + 1}`}
        />
      )}
      <ActionError error={update.error ?? remove.error} />
      {hasVariants && (
        <>
          <h4>Variants</h4>
          {step.messages.length === 0 && <p>No variant: the step sends its generic text.</p>}
          <ol className="variants">
            {step.messages.map((variant) => (
              <li key={variant.id}>
                <VariantEditor
                  campaignId={campaignId}
                  stepId={step.id}
                  variant={variant}
                  label={`Variant ${variantLetter(variant.order)} of step ${step.order + 1}`}
                  aiTools={aiTools}
                />
              </li>
            ))}
          </ol>
          <button
            type="button"
            disabled={addVariant.isPending}
            onClick={() => addVariant.mutate({ params: { path }, body: { body: 'Hi {{firstName}}' } })}
          >
            Add a variant to step {step.order + 1}
          </button>
          <ActionError error={addVariant.error} />
        </>
      )}
    </section>
  );
}
