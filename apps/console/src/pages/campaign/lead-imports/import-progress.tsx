import { newIdempotencyKey, type components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { POLL_MS } from '../../../api/polling.js';
import { useApi, useCan } from '../../../api/session.js';
import { Badge } from '../../../components/badge.js';
import { ActionError, QueryView } from '../../../components/states.js';
import { dateTime } from '../../../lib/format.js';
import { invalidateCampaign } from '../invalidate.js';
import {
  budgetWait,
  importIsFinal,
  importProgress,
  importStatusLabel,
  importStatusTone,
  skippedByReason,
  skippedTotal,
  sourceLabel,
} from './import-figures.js';
import { ReportButton } from './report-button.js';

type LeadImport = components['schemas']['LeadImport'];

/**
 * One import as it runs: a progress bar and its counts, asked again until the import ends (the
 * campaign's leads are read again as people are added), with Cancel while it runs and its report.
 */
export function ImportProgress({
  importId,
  accountName,
}: {
  importId: string;
  accountName: (id: string) => string;
}) {
  const api = useApi();
  const query = api.useQuery(
    'get',
    '/v1/lead-imports/{importId}',
    { params: { path: { importId } } },
    {
      refetchInterval: (q) => (q.state.data && importIsFinal(q.state.data.status) ? false : POLL_MS.imports),
    },
  );
  return (
    <QueryView query={query} what="the import">
      {(job) => <ImportCard job={job} accountName={accountName(job.accountId)} />}
    </QueryView>
  );
}

function ImportCard({ job, accountName }: { job: LeadImport; accountName: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const canWrite = useCan('campaigns:write');
  const cancel = api.useMutation('post', '/v1/lead-imports/{importId}/cancel', {
    onSettled: () => invalidateCampaign(queryClient),
  });
  // People added show in the leads table and the campaign's counts as they arrive.
  useEffect(() => {
    if (job.added > 0 || importIsFinal(job.status)) invalidateCampaign(queryClient);
  }, [job.added, job.status, queryClient]);

  const final = importIsFinal(job.status);
  const progress = importProgress(job);
  const skipped = skippedByReason(job.skipped);
  const wait = budgetWait(job);
  const headingId = `import-${job.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="card import-card">
      <header className="page-header">
        <h3 id={headingId}>Import started {dateTime(job.createdAt)}</h3>
        <Badge tone={importStatusTone(job.status)}>{importStatusLabel(job.status)}</Badge>
      </header>
      <p className="break-anywhere">
        {sourceLabel(job.source)}, through {accountName}.
      </p>
      <div className="import-bar">
        <progress
          aria-label="Progress of the import"
          aria-valuetext={progress.text}
          max={progress.max ?? undefined}
          value={progress.max === null ? undefined : progress.value}
        />
        <span aria-hidden="true">{progress.text}</span>
      </div>
      <table className="counts">
        <caption className="visually-hidden">Counts of the import</caption>
        <tbody>
          <tr>
            <th scope="row">Read</th>
            <td>{job.fetched}</td>
          </tr>
          <tr>
            <th scope="row">Added</th>
            <td>{job.added}</td>
          </tr>
          <tr>
            <th scope="row">Skipped</th>
            <td>{skippedTotal(job.skipped)}</td>
          </tr>
          {skipped.length > 0 && (
            <tr>
              <th scope="row">Why skipped</th>
              <td>
                <ul aria-label="Skipped, by reason">
                  {skipped.map(({ reason, count, label }) => (
                    <li key={reason}>
                      {count} {label}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          )}
          <tr>
            <th scope="row">Left out by LinkedIn&apos;s cap</th>
            <td>{job.capped}</td>
          </tr>
          <tr>
            <th scope="row">In the source</th>
            <td>{job.total ?? 'not said by the source'}</td>
          </tr>
          {job.finishedAt && (
            <tr>
              <th scope="row">Ended</th>
              <td>{dateTime(job.finishedAt)}</td>
            </tr>
          )}
        </tbody>
      </table>
      {wait && <p className="state state-warn">{wait}</p>}
      {job.status === 'capped' && (
        <p className="state state-warn">
          LinkedIn shows a limited number of results of one search: {job.capped} people were left out.
        </p>
      )}
      {job.error && <p className="state state-error">The import failed: {job.error}</p>}
      <div className="controls">
        {canWrite && !final && (
          <button
            type="button"
            className="danger"
            disabled={cancel.isPending || job.cancelRequested}
            onClick={() =>
              cancel.mutate({
                params: { path: { importId: job.id }, header: { 'Idempotency-Key': newIdempotencyKey() } },
              })
            }
          >
            {job.cancelRequested ? 'Stopping at the next page…' : 'Cancel the import'}
          </button>
        )}
        <ReportButton importId={job.id} label="Download the report (CSV)" />
      </div>
      <ActionError error={cancel.error} />
    </section>
  );
}
