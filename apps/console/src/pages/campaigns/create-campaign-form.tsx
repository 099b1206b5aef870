import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useApi, useWorkspace } from '../../api/session.js';
import { ActionError } from '../../components/states.js';

/** Creates a draft campaign and opens it, where its sequence, senders and leads are set up. */
export function CreateCampaignForm() {
  const api = useApi();
  const workspace = useWorkspace();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const create = api.useMutation('post', '/v1/campaigns', {
    onSuccess: (campaign) => {
      void queryClient.invalidateQueries({ queryKey: ['get', '/v1/campaigns'] });
      void navigate({
        to: '/w/$workspaceId/campaigns/$id',
        params: { workspaceId: workspace.id, id: campaign.id },
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ body: { name: name.trim() } });
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="New campaign">
      <label htmlFor="new-campaign-name">New campaign name</label>
      <input
        id="new-campaign-name"
        value={name}
        required
        maxLength={200}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" disabled={create.isPending || name.trim() === ''}>
        Create campaign
      </button>
      <ActionError error={create.error} />
    </form>
  );
}
