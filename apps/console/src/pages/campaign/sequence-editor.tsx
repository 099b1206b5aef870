import type { components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApi, useCan } from '../../api/session.js';
import { ActionError, EmptyState, QueryView } from '../../components/states.js';
import { statusLabel } from '../campaigns/campaign-status.js';
import { invalidateCampaign } from './invalidate.js';
import { SequenceWarningsProvider, useSequenceWarnings } from './sequence-warnings.js';
import { StepEditor } from './step-editor.js';
import { variantLetter } from './variant-letter.js';

type StepType = components['schemas']['StepType'];
const STEP_TYPES: StepType[] = ['invitation', 'message', 'visit_profile', 'screener'];

/** The campaign's steps in order, each editable; a new step is added at the end. */
export function SequenceEditor({ campaignId }: { campaignId: string }) {
  const api = useApi();
  const query = api.useQuery('get', '/v1/campaigns/{id}/sequence', { params: { path: { id: campaignId } } });
  const tools = api.useQuery('get', '/v1/ai-tools', { params: { query: { limit: 100 } } });
  const canWrite = useCan('campaigns:write');
  if (!canWrite)
    return (
      <section aria-labelledby="sequence-heading">
        <h2 id="sequence-heading">Sequence</h2>
        <QueryView query={query} what="the sequence">
          {(sequence) => <SequenceSummary steps={sequence.steps} />}
        </QueryView>
      </section>
    );
  return (
    <section aria-labelledby="sequence-heading">
      <h2 id="sequence-heading">Sequence</h2>
      <QueryView query={query} what="the sequence">
        {(sequence) => (
          <SequenceWarningsProvider>
            {sequence.steps.length === 0 ? (
              <EmptyState title="No step yet.">
                <p>Add the first step below: usually an invitation, then messages.</p>
              </EmptyState>
            ) : (
              <ol className="steps">
                {sequence.steps.map((step) => (
                  <li key={step.id}>
                    <StepEditor campaignId={campaignId} step={step} aiTools={tools.data?.items ?? []} />
                  </li>
                ))}
              </ol>
            )}
            <AddStepForm campaignId={campaignId} nextOrder={sequence.steps.length} />
          </SequenceWarningsProvider>
        )}
      </QueryView>
    </section>
  );
}

/** The sequence to read, for roles that may not change it. */
function SequenceSummary({ steps }: { steps: components['schemas']['SequenceStep'][] }) {
  if (steps.length === 0) return <EmptyState title="No step yet." />;
  return (
    <ol className="steps">
      {steps.map((step) => (
        <li key={step.id} className="card">
          <h3>
            Step {step.order + 1}: {statusLabel(step.type)}
          </h3>
          <p>
            {step.delay} day{step.delay === 1 ? '' : 's'} after the previous step
            {step.stopOnReply ? '; stops when the lead replies' : ''}.
          </p>
          {step.genericBody && <p className="quote">{step.genericBody}</p>}
          {step.messages.length > 0 && (
            <ol className="variants" aria-label={`Variants of step ${step.order + 1}`}>
              {step.messages.map((variant) => (
                <li key={variant.id}>
                  Variant {variantLetter(variant.order)}
                  {variant.isDisabled ? ' (disabled)' : ''}: {variant.body}
                </li>
              ))}
            </ol>
          )}
        </li>
      ))}
    </ol>
  );
}

function AddStepForm({ campaignId, nextOrder }: { campaignId: string; nextOrder: number }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [type, setType] = useState<StepType>(nextOrder === 0 ? 'invitation' : 'message');
  const [delay, setDelay] = useState(nextOrder === 0 ? 0 : 1);
  const [genericBody, setGenericBody] = useState('');
  const warnings = useSequenceWarnings();
  const add = api.useMutation('post', '/v1/campaigns/{id}/steps', {
    onSuccess: (result) => {
      warnings.record('sequence', result.warnings);
      setGenericBody('');
      setType('message');
      setDelay(1);
    },
    onSettled: () => invalidateCampaign(queryClient),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({
      params: { path: { id: campaignId } },
      body: {
        order: nextOrder,
        type,
        delay,
        ...(genericBody.trim() && type !== 'visit_profile' ? { genericBody } : {}),
      },
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="add-step-heading">
      <h3 id="add-step-heading">Add a step</h3>
      <div className="field-row">
        <label htmlFor="new-step-type">Step type</label>
        <select id="new-step-type" value={type} onChange={(event) => setType(event.target.value as StepType)}>
          {STEP_TYPES.map((t) => (
            <option key={t} value={t}>
              {statusLabel(t)}
            </option>
          ))}
        </select>
        <label htmlFor="new-step-delay">Delay (days after the previous step)</label>
        <input
          id="new-step-delay"
          type="number"
          min={0}
          max={365}
          value={delay}
          onChange={(event) => setDelay(Number(event.target.value))}
        />
      </div>
      {type !== 'visit_profile' && (
        <>
          <label htmlFor="new-step-body">
            Generic text (optional): sent when no variant can be; for an invitation, its note.{' '}
            {'{{firstName}}'} and other variables allowed
          </label>
          <textarea
            id="new-step-body"
            rows={3}
            value={genericBody}
            onChange={(event) => setGenericBody(event.target.value)}
          />
        </>
      )}
      <button type="submit" disabled={add.isPending}>
        Add step
      </button>
      <ActionError error={add.error} />
    </form>
  );
}
