import type { components } from '@outreach/client';
import { useApi } from '../../api/session.js';
import { POLL_MS } from '../../api/polling.js';
import { Badge } from '../../components/badge.js';
import { Pagination } from '../../components/pagination.js';
import { EmptyState, QueryView } from '../../components/states.js';
import { Link, setSearchParams, useSearchParams } from '../../router.js';
import { CAMPAIGN_STATUSES, campaignTone, statusLabel } from './campaign-status.js';
import { CreateCampaignForm } from './create-campaign-form.js';
import { Funnel } from './funnel.js';

type CampaignStatus = components['schemas']['CampaignStatus'];
const PAGE_SIZE = 20;

export default function CampaignsPage() {
  const api = useApi();
  const search = useSearchParams();
  const text = search.get('search') ?? '';
  const status = (search.get('status') ?? '') as CampaignStatus | '';
  const offset = Number(search.get('offset') ?? 0);
  const filters = { search: text || undefined, status: status || undefined };
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
      <CreateCampaignForm />
      <div role="search" className="filters" aria-label="Filter campaigns">
        <label htmlFor="campaign-search">Search by name</label>
        <input
          id="campaign-search"
          type="search"
          value={text}
          onChange={(event) => setSearchParams({ ...filters, search: event.target.value })}
        />
        <label htmlFor="campaign-status">Status</label>
        <select
          id="campaign-status"
          value={status}
          onChange={(event) => setSearchParams({ ...filters, status: event.target.value })}
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
                <button type="button" onClick={() => setSearchParams({})}>
                  Clear the filters
                </button>
              </EmptyState>
            ) : (
              <EmptyState title="No campaign yet.">
                <p>Name your first campaign above; you will then add its steps, senders and leads.</p>
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
                        <Link to={`/campaigns/${campaign.id}`}>{campaign.name}</Link>
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
                onChange={(next) => setSearchParams({ ...filters, offset: String(next) })}
              />
            </>
          )
        }
      </QueryView>
    </section>
  );
}
