import { Link, useNavigate } from '@tanstack/react-router';
import { useApi, useCan, useWorkspace } from '../../api/session.js';
import { POLL_MS } from '../../api/polling.js';
import { Badge } from '../../components/badge.js';
import { Pagination } from '../../components/pagination.js';
import { EmptyState, QueryView } from '../../components/states.js';
import { campaignsSearch, useLiveSearch, type CampaignsSearch } from '../../route-search.js';
import { CAMPAIGN_STATUSES, campaignTone, statusLabel } from './campaign-status.js';
import { CreateCampaignForm } from './create-campaign-form.js';
import { Funnel } from './funnel.js';

const PAGE_SIZE = 20;

export default function CampaignsPage() {
  const api = useApi();
  const workspace = useWorkspace();
  const canWrite = useCan('campaigns:write');
  const { search: text, status, offset } = useLiveSearch(campaignsSearch);
  const navigate = useNavigate({ from: '/w/$workspaceId/' });
  // Filters and pages replace the address rather than add to the history, and keep the scroll.
  const show = (search: CampaignsSearch) => void navigate({ search, replace: true, resetScroll: false });
  const query = api.useQuery(
    'get',
    '/v1/campaigns',
    {
      params: {
        query: {
          ...(text ? { search: text } : {}),
          ...(status ? { status } : {}),
          offset,
          limit: PAGE_SIZE,
        },
      },
    },
    { refetchInterval: POLL_MS.live, placeholderData: (previous) => previous },
  );
  const accounts = api.useQuery('get', '/v1/accounts', { params: { query: { limit: 100 } } });
  const accountName = (id: string) => accounts.data?.items.find((a) => a.id === id)?.name ?? id;

  return (
    <section aria-labelledby="campaigns-heading">
      <h1 id="campaigns-heading">Campaigns</h1>
      {canWrite && <CreateCampaignForm />}
      <div role="search" className="filters" aria-label="Filter campaigns">
        <label htmlFor="campaign-search">Search by name</label>
        <input
          id="campaign-search"
          type="search"
          value={text}
          onChange={(event) => show({ search: event.target.value, status })}
        />
        <label htmlFor="campaign-status">Status</label>
        <select
          id="campaign-status"
          value={status ?? ''}
          onChange={(event) =>
            show({ search: text, status: CAMPAIGN_STATUSES.find((s) => s === event.target.value) })
          }
        >
          <option value="">Any status</option>
          {CAMPAIGN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <QueryView query={query} what="the campaigns">
        {(page) =>
          page.total === 0 ? (
            text || status ? (
              <EmptyState title="No campaign matches these filters.">
                <button type="button" onClick={() => show({})}>
                  Clear the filters
                </button>
              </EmptyState>
            ) : (
              <EmptyState title="No campaign yet.">
                <p>
                  {canWrite
                    ? 'Name your first campaign above; you will then add its steps, senders and leads.'
                    : 'Campaigns appear here once someone of the workspace creates one.'}
                </p>
              </EmptyState>
            )
          ) : (
            <>
              <table>
                <caption className="visually-hidden">Campaigns, {page.total} in all</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Status</th>
                    <th scope="col">Senders</th>
                    <th scope="col">Leads</th>
                    <th scope="col">Funnel</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((campaign) => (
                    <tr key={campaign.id}>
                      <th scope="row">
                        <Link
                          to="/w/$workspaceId/campaigns/$id"
                          params={{ workspaceId: workspace.id, id: campaign.id }}
                        >
                          {campaign.name}
                        </Link>
                      </th>
                      <td>
                        <Badge tone={campaignTone(campaign.status)}>{statusLabel(campaign.status)}</Badge>
                      </td>
                      <td>
                        {campaign.networkAccounts.length === 0
                          ? 'None'
                          : campaign.networkAccounts.map(accountName).join(', ')}
                      </td>
                      <td>{campaign.analytics.totalLeads}</td>
                      <td>
                        <Funnel campaign={campaign} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pagination
                label="Campaign pages"
                total={page.total}
                offset={page.offset}
                limit={page.limit}
                onChange={(next) => show({ search: text, status, offset: next })}
              />
            </>
          )
        }
      </QueryView>
    </section>
  );
}
