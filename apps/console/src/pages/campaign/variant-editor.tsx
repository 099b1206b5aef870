import type { components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../api/session.js';
import { Badge } from '../../components/badge.js';
import { ActionError } from '../../components/states.js';
import { invalidateCampaign } from './invalidate.js';
import { TemplateWarningList, useSequenceWarnings } from './sequence-warnings.js';

type Variant = components['schemas']['SequenceVariant'];
type AiTool = components['schemas']['AIToolDefinition'];
type AiToolKey = components['schemas']['AIToolKey'];

/** One variant's text and AI tools; enable, disable and delete as the API allows. */
export function VariantEditor({
  campaignId,
  stepId,
  variant,
  label,
  aiTools,
}: {
  campaignId: string;
  stepId: string;
  variant: Variant;
  label: string;
  aiTools: AiTool[];
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [body, setBody] = useState(variant.body);
  const [tools, setTools] = useState<string[]>(variant.aiTools.map((tool) => tool.key));
  const warnings = useSequenceWarnings();
  const onSettled = () => invalidateCampaign(queryClient);
  const update = api.useMutation('put', '/v1/campaigns/{id}/steps/{stepId}/variants/{variantId}', {
    onSuccess: (result) => warnings.record({ stepId }, result.warnings),
    onSettled,
  });
  const remove = api.useMutation('delete', '/v1/campaigns/{id}/steps/{stepId}/variants/{variantId}', {
    onSuccess: (result) => warnings.record({ stepId }, result.warnings),
    onSettled,
  });
  const mine = warnings.of(stepId, variant.id);
  const path = { id: campaignId, stepId, variantId: variant.id };
  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ params: { path }, body: { body, aiTools: tools as AiToolKey[] } });
  };
  const fieldId = `variant-${variant.id}`;
  return (
    <form className="variant" onSubmit={save} aria-label={label}>
      <label htmlFor={fieldId}>
        {label} {variant.isDisabled && <Badge tone="warn">Disabled</Badge>}
      </label>
      <textarea id={fieldId} rows={3} value={body} onChange={(event) => setBody(event.target.value)} />
      {aiTools.length > 0 && (
        <fieldset className="ai-tools">
          <legend>AI tools for {label}</legend>
          {aiTools.map((tool) => {
            const id = `${fieldId}-${tool.key}`;
            return (
              <span key={tool.key} className="check-row">
                <input
                  id={id}
                  type="checkbox"
                  checked={tools.includes(tool.key)}
                  onChange={(event) =>
                    setTools((now) =>
                      event.target.checked ? [...now, tool.key] : now.filter((key) => key !== tool.key),
                    )
                  }
                />
                <label htmlFor={id} title={tool.description}>
                  {tool.name} <code>{tool.variable}</code>
                </label>
              </span>
            );
          })}
        </fieldset>
      )}
      <div className="controls">
        <button type="submit" disabled={update.isPending}>
          Save {label}
        </button>
        <button
          type="button"
          disabled={update.isPending}
          onClick={() => update.mutate({ params: { path }, body: { isDisabled: !variant.isDisabled } })}
        >
          {variant.isDisabled ? 'Enable' : 'Disable'} {label}
        </button>
        <button
          type="button"
          className="danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ params: { path } })}
        >
          Delete {label}
        </button>
      </div>
      {update.isSuccess ? (
        <div role="status">
          <p>Saved.</p>
          <TemplateWarningList warnings={mine} label={label} />
        </div>
      ) : (
        <TemplateWarningList warnings={mine} label={label} />
      )}
      <ActionError error={update.error ?? remove.error} />
    </form>
  );
}
