import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/session.js';
import { BlockListView } from '../../components/block-list-view.js';

/** The workspace's block list: nobody on it is contacted by any campaign. */
export default function BlockListPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const query = api.useQuery('get', '/v1/blocked-leads', {
    params: { query: { limit: 100, ...(search ? { search } : {}) } },
  });
  const onSettled = () => void queryClient.invalidateQueries({ queryKey: ['get', '/v1/blocked-leads'] });
  const block = api.useMutation('post', '/v1/blocked-leads', { onSettled });
  const unblock = api.useMutation('delete', '/v1/blocked-leads', { onSettled });
  return (
    <section aria-labelledby="blocks-heading">
      <h1 id="blocks-heading">Block list</h1>
      <p>Nobody on this list is contacted by any campaign of the workspace.</p>
      <BlockListView
        idPrefix="workspace-blocks"
        query={query}
        search={search}
        onSearch={setSearch}
        block={(identifiers) =>
          block.mutate({ body: { leads: identifiers.map((publicIdentifier) => ({ publicIdentifier })) } })
        }
        unblock={(ids) => unblock.mutate({ body: ids })}
        blockError={block.error}
        unblockError={unblock.error}
        busy={block.isPending || unblock.isPending}
      />
    </section>
  );
}
