import type { components } from '@outreach/client';
import { useApi } from '../../api/session.js';
import { POLL_MS } from '../../api/polling.js';
import { useRefreshOnChange } from '../../api/refresh-on-change.js';
import { ErrorPanel } from '../../components/states.js';
import { percent } from '../../lib/format.js';

type Campaign = components['schemas']['Campaign'];

/** Invited → accepted → messaged → replied, each with its rate, from the campaign's analytics. */
export function Funnel({ campaign }: { campaign: Campaign }) {
  const api = useApi();
  const query = api.useQuery(
    'get',
    '/v1/campaigns/{campaignId}/analytics',
    // No dates: the API counts from the campaign's creation to now, in the product's clock (a
    // window computed here from the wall clock misses a compressed demo's later days).
    { params: { path: { campaignId: campaign.id } } },
    { refetchInterval: campaign.status === 'active' ? POLL_MS.live : false },
  );
  useRefreshOnChange(campaign.status, query.refetch);
  if (query.error)
    return (
      <ErrorPanel
        error={query.error}
        what={`the funnel of ${campaign.name}`}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data) return <span aria-busy="true">…</span>;
  const t = query.data.totals;
  return (
    <ol className="funnel" aria-label={`Funnel of ${campaign.name}`}>
      <li>
        <span className="funnel-count">{t.invitationsSent}</span> invited
      </li>
      <li>
        <span className="funnel-count">{t.invitationsAccepted}</span> accepted
        <span className="funnel-rate"> ({percent(t.acceptanceRate)})</span>
      </li>
      <li>
        <span className="funnel-count">{t.messagesSent}</span> messaged
      </li>
      <li>
        <span className="funnel-count">{t.leadsReplied}</span> replied
        <span className="funnel-rate"> ({percent(t.responseRate)})</span>
      </li>
    </ol>
  );
}
