import type { components } from '@outreach/client';
import { useApi } from '../../api/session.js';
import { POLL_MS } from '../../api/polling.js';
import { percent } from '../../lib/format.js';

type Campaign = components['schemas']['Campaign'];

/** The analytics window of a campaign: from the day it was created, as long as the API allows. */
export function campaignWindow(createdAt: string): { startDate: string; endDate: string } {
  const start = createdAt.slice(0, 10);
  const end = new Date(Date.parse(start) + 365 * 86_400_000).toISOString().slice(0, 10);
  return { startDate: start, endDate: end };
}

/** Invited → accepted → messaged → replied, each with its rate, from the campaign's analytics. */
export function Funnel({ campaign }: { campaign: Campaign }) {
  const api = useApi();
  const query = api.useQuery(
    'get',
    '/v1/campaigns/{campaignId}/analytics',
    { params: { path: { campaignId: campaign.id }, query: campaignWindow(campaign.createdAt) } },
    { refetchInterval: campaign.status === 'active' ? POLL_MS.live : false },
  );
  if (query.error) return <span>Funnel unavailable</span>;
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
