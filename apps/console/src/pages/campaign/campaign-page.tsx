import { getRouteApi, Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useApi, useCan } from '../../api/session.js';
import { POLL_MS } from '../../api/polling.js';
import { Badge } from '../../components/badge.js';
import { Loading, QueryView } from '../../components/states.js';
import { campaignTone, statusLabel } from '../campaigns/campaign-status.js';
import { Funnel } from '../campaigns/funnel.js';
import { CampaignBlockList } from './campaign-block-list.js';
import { CampaignControls } from './campaign-controls.js';
import { LeadsTable } from './leads-table.js';
import { ResultsPanel } from './results-panel.js';
import { SendersPanel } from './senders-panel.js';
import { SequenceEditor } from './sequence-editor.js';
import { SettingsForm } from './settings-form.js';

const route = getRouteApi('/w/$workspaceId/campaigns/$id');

// The import forms, the file mapping and the progress are a chunk of their own, loaded with the
// section rather than with the rest of the page.
const LeadImports = lazy(() => import('./lead-imports/lead-imports-section.js'));

export default function CampaignPage() {
  const { id, workspaceId } = route.useParams();
  const api = useApi();
  const canWrite = useCan('campaigns:write');
  const query = api.useQuery(
    'get',
    '/v1/campaigns/{id}',
    { params: { path: { id } } },
    { refetchInterval: (q) => (q.state.data?.status === 'active' ? POLL_MS.live : false) },
  );
  return (
    <QueryView query={query} what="the campaign">
      {(campaign) => (
        <article aria-labelledby="campaign-heading">
          <p>
            <Link to="/w/$workspaceId" params={{ workspaceId }}>
              ← All campaigns
            </Link>
          </p>
          <header className="page-header">
            <h1 id="campaign-heading">{campaign.name}</h1>
            <Badge tone={campaignTone(campaign.status)}>{statusLabel(campaign.status)}</Badge>
            {canWrite && <CampaignControls campaign={campaign} />}
          </header>
          <Funnel campaign={campaign} />
          <SendersPanel campaign={campaign} />
          <SequenceEditor campaignId={campaign.id} />
          <SettingsForm campaign={campaign} />
          <ResultsPanel campaign={campaign} />
          <Suspense fallback={<Loading what="the lead imports" />}>
            <LeadImports campaign={campaign} />
          </Suspense>
          <LeadsTable campaign={campaign} />
          <CampaignBlockList campaignId={campaign.id} />
        </article>
      )}
    </QueryView>
  );
}
