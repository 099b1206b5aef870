import type { components } from '@outreach/client';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { POLL_MS } from '../../../api/polling.js';
import { useApi, useCan, useWorkspace } from '../../../api/session.js';
import { EmptyState, QueryView } from '../../../components/states.js';
import { importIsFinal } from './import-figures.js';
import { ImportProgress } from './import-progress.js';
import { ImportsTable } from './imports-table.js';
import { NewImport } from './new-import.js';

type Campaign = components['schemas']['CampaignDetail'];

/** Imports shown on the campaign page (the newest first). */
const IMPORTS_SHOWN = 20;

/**
 * The campaign's lead imports (a chunk of its own, loaded with the campaign page): a new import
 * for roles that may write, the progress of the newest one, and every past import with its report.
 */
export default function LeadImportsSection({ campaign }: { campaign: Campaign }) {
  const api = useApi();
  const workspace = useWorkspace();
  const canWrite = useCan('campaigns:write');
  const [startedId, setStartedId] = useState<string | null>(null);
  const accounts = api.useQuery('get', '/v1/accounts', { params: { query: { limit: 100 } } });
  const imports = api.useQuery(
    'get',
    '/v1/campaigns/{campaignId}/lead-imports',
    { params: { path: { campaignId: campaign.id }, query: { limit: IMPORTS_SHOWN } } },
    {
      refetchInterval: (q) =>
        q.state.data?.items.some((job) => !importIsFinal(job.status)) ? POLL_MS.imports : false,
    },
  );
  const accountName = (id: string) => accounts.data?.items.find((account) => account.id === id)?.name ?? id;
  const shownId = startedId ?? imports.data?.items[0]?.id ?? null;

  return (
    <section aria-labelledby="imports-heading">
      <h2 id="imports-heading">Lead imports</h2>
      {canWrite && (
        <QueryView query={accounts} what="the sender accounts">
          {(page) =>
            page.items.length === 0 ? (
              <p>
                Leads are read through a sender account, and the workspace has none yet:{' '}
                <Link to="/w/$workspaceId/senders" params={{ workspaceId: workspace.id }}>
                  connect one
                </Link>
                .
              </p>
            ) : (
              // A new form once an import started: its progress is the panel below.
              <NewImport
                key={startedId ?? 'first'}
                campaign={campaign}
                accounts={page.items}
                onStarted={(id) => {
                  setStartedId(id);
                  void imports.refetch();
                }}
              />
            )
          }
        </QueryView>
      )}
      {startedId && <p role="status">The import started: its progress is shown below.</p>}
      {shownId && <ImportProgress key={shownId} importId={shownId} accountName={accountName} />}
      <QueryView query={imports} what="the imports of the campaign">
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title="No import yet.">
              {canWrite && <p>Choose a source above, preview what it would add, then start the import.</p>}
            </EmptyState>
          ) : (
            <ImportsTable imports={page.items} accountName={accountName} />
          )
        }
      </QueryView>
    </section>
  );
}
