import { newIdempotencyKey, type components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../../api/session.js';
import { ActionError } from '../../../components/states.js';
import { TIER_NAMES } from '../../senders/account-limits.js';
import { invalidateCampaign } from '../invalidate.js';
import { DryRunResult } from './dry-run-result.js';
import {
  emptyImportForm,
  importRequest,
  SOURCE_KINDS,
  type Dedupe,
  type ImportForm,
  type SourceKind,
} from './import-request.js';
import { LeadFilePanel } from './lead-file-panel.js';
import { SourceFields } from './source-fields.js';

type Campaign = components['schemas']['CampaignDetail'];
type Account = components['schemas']['SenderAccount'];
type LeadImportPreview = components['schemas']['LeadImportPreview'];
type LeadImport = components['schemas']['LeadImport'];

function isPreview(answer: LeadImportPreview | LeadImport | undefined): answer is LeadImportPreview {
  return answer !== undefined && 'dryRun' in answer;
}

/** A campaign's sender that is connected, else any of them, else the workspace's first account. */
function defaultSender(campaign: Campaign, accounts: Account[]): string {
  const assigned = accounts.filter((account) => campaign.networkAccounts.includes(account.id));
  const usable = (account: Account) => account.status === 'connected';
  return (assigned.find(usable) ?? assigned[0] ?? accounts.find(usable) ?? accounts[0])?.id ?? '';
}

/**
 * A new import: the source, the sender it is read through, what to do with people met elsewhere;
 * then a preview (a dry run: the counts and the first page judged), then Start.
 */
export function NewImport({
  campaign,
  accounts,
  onStarted,
}: {
  campaign: Campaign;
  accounts: Account[];
  onStarted: (importId: string) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ImportForm>(() => emptyImportForm(defaultSender(campaign, accounts)));
  const [problem, setProblem] = useState<string | null>(null);
  const [partNames, setPartNames] = useState<string[]>([]);
  const dryRun = api.useMutation('post', '/v1/campaigns/{campaignId}/lead-imports');
  const start = api.useMutation('post', '/v1/campaigns/{campaignId}/lead-imports', {
    onSuccess: (job) => {
      if (isPreview(job)) return;
      dryRun.reset();
      onStarted(job.id);
    },
    onSettled: () => invalidateCampaign(queryClient),
  });

  // Any change makes the preview shown stale: it goes, and Start with it.
  const update = (patch: Partial<ImportForm>) => {
    setForm((now) => ({ ...now, ...patch }));
    setProblem(null);
    dryRun.reset();
    start.reset();
  };
  const setDedupe = (patch: Partial<Dedupe>) => update({ dedupe: { ...form.dedupe, ...patch } });

  const preview = (next: ImportForm) => {
    const request = importRequest(next, true);
    setProblem(request.problem);
    if (request.body) dryRun.mutate({ params: { path: { campaignId: campaign.id } }, body: request.body });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.reset();
    preview(form);
  };
  const startImport = () => {
    const request = importRequest(form, false);
    setProblem(request.problem);
    if (request.body)
      start.mutate({
        params: { path: { campaignId: campaign.id }, header: { 'Idempotency-Key': newIdempotencyKey() } },
        body: request.body,
      });
  };

  return (
    <>
      <form className="card" aria-label="New lead import" onSubmit={submit}>
        <fieldset>
          <legend>Source</legend>
          {(Object.keys(SOURCE_KINDS) as SourceKind[]).map((kind) => (
            <div key={kind} className="check-row">
              <input
                type="radio"
                id={`import-kind-${kind}`}
                name="import-kind"
                value={kind}
                checked={form.kind === kind}
                onChange={() => update({ kind })}
              />
              <label htmlFor={`import-kind-${kind}`}>{SOURCE_KINDS[kind]}</label>
            </div>
          ))}
        </fieldset>
        <div className="field-row">
          <label htmlFor="import-sender">Sender account</label>
          <select
            id="import-sender"
            value={form.accountId}
            onChange={(event) => update({ accountId: event.target.value, listId: '', split: null })}
          >
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name} ({TIER_NAMES[account.tier]}
                {account.status === 'connected' ? '' : `, ${account.status}`})
              </option>
            ))}
          </select>
          <p className="hint field-wide">
            The source is read through this account, within its daily search results; leads are then spread
            over the campaign&apos;s senders as usual.
          </p>
        </div>
        <SourceFields form={form} update={update} />
        {form.kind === 'file' && <LeadFilePanel onFile={(file) => update({ file })} />}
        <fieldset>
          <legend>People met elsewhere</legend>
          <div className="field-row">
            <label htmlFor="dedupe-other">Leads of other active campaigns</label>
            <select
              id="dedupe-other"
              value={form.dedupe.otherCampaigns}
              onChange={(event) =>
                setDedupe({ otherCampaigns: event.target.value as Dedupe['otherCampaigns'] })
              }
            >
              <option value="skip">Skip them</option>
              <option value="add">Add them here too</option>
            </select>
          </div>
          <div className="field-row">
            <label htmlFor="dedupe-days">
              Skip people invited or messaged by any sender within (days, 0 for none)
            </label>
            <input
              id="dedupe-days"
              type="number"
              min={0}
              max={365}
              step={1}
              value={Number.isNaN(form.dedupe.contactedWithinDays) ? '' : form.dedupe.contactedWithinDays}
              onChange={(event) => setDedupe({ contactedWithinDays: event.target.valueAsNumber })}
            />
          </div>
          <div className="field-row">
            <label htmlFor="dedupe-connected">Connections of the sender</label>
            <select
              id="dedupe-connected"
              value={form.dedupe.connected}
              onChange={(event) => setDedupe({ connected: event.target.value as Dedupe['connected'] })}
            >
              <option value="skip">Skip them</option>
              <option value="start_at_message">Add them, starting at the first message step</option>
            </select>
          </div>
          <p className="hint">People on a block list are always skipped.</p>
        </fieldset>
        <button type="submit" disabled={dryRun.isPending}>
          {dryRun.isPending ? 'Reading the source…' : 'Preview the import'}
        </button>
        {problem && (
          <p className="state state-error" role="alert">
            {problem}
          </p>
        )}
        <ActionError error={dryRun.error} />
      </form>
      {isPreview(dryRun.data) && (
        <DryRunResult
          preview={dryRun.data}
          form={form}
          starting={start.isPending}
          startError={start.error}
          onStart={startImport}
          partNames={partNames}
          onSplit={(split, names) => {
            const next = { ...form, split };
            update({ split });
            setPartNames(names);
            preview(next);
          }}
        />
      )}
    </>
  );
}
