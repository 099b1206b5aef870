import type { components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useApi, useCan, useWorkspace } from '../../api/session.js';
import { Badge } from '../../components/badge.js';
import { ActionError, QueryView } from '../../components/states.js';
import { displayedStatus } from '../senders/account-status.js';
import { invalidateCampaign } from './invalidate.js';

type Campaign = components['schemas']['CampaignDetail'];

/** The campaign's senders, and assigning more of the workspace's accounts to it. */
export function SendersPanel({ campaign }: { campaign: Campaign }) {
  const api = useApi();
  const workspace = useWorkspace();
  const canWrite = useCan('campaigns:write');
  const queryClient = useQueryClient();
  const accounts = api.useQuery('get', '/v1/accounts', { params: { query: { limit: 100 } } });
  const [chosen, setChosen] = useState<string[]>([]);
  const assign = api.useMutation('post', '/v1/campaigns/{campaignId}/senders', {
    onSuccess: () => setChosen([]),
    onSettled: () => invalidateCampaign(queryClient),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    assign.mutate({ params: { path: { campaignId: campaign.id } }, body: { accountIds: chosen } });
  };
  return (
    <section aria-labelledby="senders-heading">
      <h2 id="senders-heading">Senders</h2>
      <QueryView query={accounts} what="the sender accounts">
        {(page) =>
          !canWrite ? (
            campaign.networkAccounts.length === 0 ? (
              <p>No sender is assigned to this campaign.</p>
            ) : (
              <ul aria-label="Sender accounts of this campaign">
                {page.items
                  .filter((account) => campaign.networkAccounts.includes(account.id))
                  .map((account) => (
                    <li key={account.id}>
                      {account.name}{' '}
                      <Badge
                        tone={
                          displayedStatus(account, undefined, new Date()).kind === 'connected'
                            ? 'good'
                            : 'bad'
                        }
                      >
                        {displayedStatus(account, undefined, new Date()).label}
                      </Badge>
                    </li>
                  ))}
              </ul>
            )
          ) : page.items.length === 0 ? (
            <p>
              The workspace has no sender account yet:{' '}
              <Link to="/w/$workspaceId/senders" params={{ workspaceId: workspace.id }}>
                connect one
              </Link>
              .
            </p>
          ) : (
            <form onSubmit={submit}>
              <fieldset>
                <legend>Sender accounts of this campaign</legend>
                {page.items.map((account) => {
                  const assigned = campaign.networkAccounts.includes(account.id);
                  const status = displayedStatus(account, undefined, new Date());
                  return (
                    <div key={account.id} className="check-row">
                      <input
                        type="checkbox"
                        id={`sender-${account.id}`}
                        checked={assigned || chosen.includes(account.id)}
                        disabled={assigned}
                        onChange={(event) =>
                          setChosen((now) =>
                            event.target.checked ? [...now, account.id] : now.filter((x) => x !== account.id),
                          )
                        }
                      />
                      <label htmlFor={`sender-${account.id}`}>
                        {account.name} {assigned ? '(assigned)' : ''}
                      </label>{' '}
                      <Badge tone={status.kind === 'connected' ? 'good' : 'bad'}>{status.label}</Badge>
                    </div>
                  );
                })}
              </fieldset>
              <button type="submit" disabled={chosen.length === 0 || assign.isPending}>
                Assign senders
              </button>
              <ActionError error={assign.error} />
            </form>
          )
        }
      </QueryView>
    </section>
  );
}
