import type { QueryClient } from '@tanstack/react-query';

/** After a change to a campaign, everything shown about it is read again. */
export function invalidateCampaign(queryClient: QueryClient): void {
  for (const path of [
    '/v1/campaigns',
    '/v1/campaigns/{id}',
    '/v1/campaigns/{id}/sequence',
    '/v1/campaigns/{campaignId}/leads',
    '/v1/campaigns/{campaignId}/analytics',
    '/v1/campaigns/{campaignId}/blocked-leads',
    '/v1/campaigns/{campaignId}/lead-imports',
  ])
    void queryClient.invalidateQueries({ queryKey: ['get', path] });
}
