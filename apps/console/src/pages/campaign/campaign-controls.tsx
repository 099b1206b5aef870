import type { components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session.js';
import { ActionError } from '../../components/states.js';
import { invalidateCampaign } from './invalidate.js';
import { templateGaps, TemplateGapsRefusal } from './template-gaps.js';

type Campaign = components['schemas']['CampaignDetail'];

/** Start and pause; the API decides, and its refusal is shown in words beside the button. */
export function CampaignControls({ campaign }: { campaign: Campaign }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const onSettled = () => invalidateCampaign(queryClient);
  const start = api.useMutation('put', '/v1/campaigns/{campaignId}/start', { onSettled });
  const pause = api.useMutation('put', '/v1/campaigns/{campaignId}/pause', { onSettled });
  const path = { params: { path: { campaignId: campaign.id } } };
  const gaps = templateGaps(start.error);
  return (
    <div className="controls">
      {campaign.status === 'active' ? (
        <button type="button" disabled={pause.isPending} onClick={() => pause.mutate(path)}>
          Pause campaign
        </button>
      ) : (
        <button
          type="button"
          className="primary"
          disabled={start.isPending || campaign.status === 'completed'}
          onClick={() => {
            pause.reset();
            start.mutate(path);
          }}
        >
          Start campaign
        </button>
      )}
      {gaps ? (
        <TemplateGapsRefusal gaps={gaps} campaign={campaign} />
      ) : (
        <ActionError error={start.error ?? pause.error} />
      )}
    </div>
  );
}
