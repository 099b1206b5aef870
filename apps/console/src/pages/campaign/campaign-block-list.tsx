import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/session.js';
import { BlockListView } from '../../components/block-list-view.js';
import { invalidateCampaign } from './invalidate.js';

/** People this campaign never contacts (the workspace's block list applies on top). */
export function CampaignBlockList({ campaignId }: { campaignId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const query = api.useQuery('get', '/v1/campaigns/{campaignId}/blocked-leads', {
    params: { path: { campaignId }, query: { limit: 100, ...(search ? { search } : {}) } },
  });
  const onSettled = () => invalidateCampaign(queryClient);
  const block = api.useMutation('post', '/v1/campaigns/{campaignId}/blocked-leads', { onSettled });
  const unblock = api.useMutation('delete', '/v1/campaigns/{campaignId}/blocked-leads', { onSettled });
  return (
    <section aria-labelledby="campaign-blocks-heading">
      <h2 id="campaign-blocks-heading">Campaign block list</h2>
      <BlockListView
        idPrefix="campaign-blocks"
        query={query}
        search={search}
        onSearch={setSearch}
        block={(publicIdentifiers) =>
          block.mutate({ params: { path: { campaignId } }, body: { publicIdentifiers } })
        }
        unblock={(ids) => unblock.mutate({ params: { path: { campaignId } }, body: ids })}
        blockError={block.error}
        unblockError={unblock.error}
        busy={block.isPending || unblock.isPending}
      />
    </section>
  );
}
