import type { components } from '@outreach/client';
import { useState } from 'react';
import { useApi, useCan } from '../../api/session.js';
import { POLL_MS } from '../../api/polling.js';
import { useRefreshOnChange } from '../../api/refresh-on-change.js';
import { Badge } from '../../components/badge.js';
import { Pagination } from '../../components/pagination.js';
import { EmptyState, QueryView } from '../../components/states.js';
import { leadName, leadWaitReason, missingVariablesText } from '../../lib/lead-wait.js';
import { statusLabel } from '../campaigns/campaign-status.js';
import { ExportLeads } from './export-leads.js';
import { LeadDecisions } from './lead-decisions.js';

type Campaign = components['schemas']['CampaignDetail'];
type LeadStatus = components['schemas']['LeadStatus'];
const LEAD_STATUSES: LeadStatus[] = ['waiting', 'active', 'paused', 'completed', 'error'];
const PAGE_SIZE = 25;
const TONES: Record<LeadStatus, string> = {
  waiting: 'neutral',
  active: 'good',
  paused: 'warn',
  completed: 'info',
  error: 'bad',
};

/** The campaign's leads: status, step, sender, why each waits, and the AI's decisions. */
export function LeadsTable({ campaign }: { campaign: Campaign }) {
  const api = useApi();
  const canWrite = useCan('campaigns:write');
  const canExport = useCan('workspace:configure');
  const [status, setStatus] = useState<LeadStatus | ''>('');
  const [offset, setOffset] = useState(0);
  const query = api.useQuery(
    'get',
    '/v1/campaigns/{campaignId}/leads',
    {
      params: {
        path: { campaignId: campaign.id },
        query: { ...(status ? { status } : {}), offset, limit: PAGE_SIZE },
      },
    },
    {
      refetchInterval: campaign.status === 'active' ? POLL_MS.live : false,
      placeholderData: (previous) => previous,
    },
  );
  useRefreshOnChange(campaign.status, query.refetch);
  const accounts = api.useQuery('get', '/v1/accounts', { params: { query: { limit: 100 } } });
  const accountName = (id: string | null) =>
    id === null ? '—' : (accounts.data?.items.find((a) => a.id === id)?.name ?? id);
  const stepCount = campaign.steps.length;

  return (
    <section aria-labelledby="leads-heading">
      <h2 id="leads-heading">Leads</h2>
      {canExport && <ExportLeads campaignId={campaign.id} />}
      <div className="filters">
        <label htmlFor="lead-status">Lead status</label>
        <select
          id="lead-status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as LeadStatus | '');
            setOffset(0);
          }}
        >
          <option value="">Any status</option>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <QueryView query={query} what="the leads">
        {(page) =>
          page.total === 0 ? (
            <EmptyState title={status ? 'No lead has this status.' : 'No lead yet.'}>
              {!status && canWrite && (
                <p>Import them above: a LinkedIn search, a list, a post, a CSV file or profile URLs.</p>
              )}
            </EmptyState>
          ) : (
            <>
              <table>
                <caption className="visually-hidden">Leads of the campaign, {page.total} in all</caption>
                <thead>
                  <tr>
                    <th scope="col">Lead</th>
                    <th scope="col">Status</th>
                    <th scope="col">Step</th>
                    <th scope="col">Sender</th>
                    <th scope="col">Why</th>
                    <th scope="col">AI decisions</th>
                  </tr>
                </thead>
                <tbody>
                  {page.leads.map((lead) => (
                    <tr key={lead.id}>
                      <th scope="row">
                        {lead.networkUrl ? (
                          <a href={lead.networkUrl} target="_blank" rel="noreferrer noopener">
                            {leadName(lead)}
                          </a>
                        ) : (
                          leadName(lead)
                        )}
                      </th>
                      <td>
                        <Badge tone={TONES[lead.status]}>{statusLabel(lead.status)}</Badge>
                      </td>
                      <td>
                        {Math.min(lead.currentStep + 1, Math.max(stepCount, 1))} of {stepCount}
                      </td>
                      <td>{accountName(lead.accountId)}</td>
                      <td>
                        {leadWaitReason(lead)}
                        {missingVariablesText(lead) && <p className="hint">{missingVariablesText(lead)}</p>}
                      </td>
                      <td>
                        <LeadDecisions lead={lead} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pagination
                label="Lead pages"
                total={page.total}
                offset={page.offset}
                limit={page.limit}
                onChange={setOffset}
              />
            </>
          )
        }
      </QueryView>
    </section>
  );
}
