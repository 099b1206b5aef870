import type { components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useApi, useCan } from '../../api/session.js';
import { POLL_MS } from '../../api/polling.js';
import { Badge } from '../../components/badge.js';
import { ActionError, QueryView } from '../../components/states.js';
import { displayedStatus, type DisplayedStatusKind } from './account-status.js';
import { LimitsPanel } from './limits-panel.js';

type SenderAccount = components['schemas']['SenderAccount'];

const TONES: Record<DisplayedStatusKind, string> = {
  connected: 'good',
  disconnected: 'bad',
  restricted: 'bad',
  cooling_down: 'warn',
  warming_up: 'info',
  inactive: 'neutral',
};

/** One sender account: its honest status, what to do about it, and its limits used and left. */
export function SenderCard({ account }: { account: SenderAccount }) {
  const api = useApi();
  const canConfigure = useCan('workspace:configure');
  const queryClient = useQueryClient();
  const usage = api.useQuery(
    'get',
    '/v1/accounts/{accountId}/limits',
    { params: { path: { accountId: account.id } } },
    { refetchInterval: POLL_MS.senders },
  );
  const status = displayedStatus(account, usage.data, new Date());
  const reconnect = api.useMutation('post', '/v1/accounts/{accountId}/reconnect', {
    onSuccess: (result) => {
      // Accounts held by the provider sign in again on its hosted page.
      if (result.reconnectUrl) window.location.assign(result.reconnectUrl);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['get', '/v1/accounts'] });
      void queryClient.invalidateQueries({ queryKey: ['get', '/v1/accounts/{accountId}/limits'] });
    },
  });
  const headingId = `sender-${account.id}`;
  return (
    <article className="card" aria-labelledby={headingId}>
      <header className="page-header">
        <h2 id={headingId}>{account.name}</h2>
        <Badge tone={TONES[status.kind]}>{status.label}</Badge>
      </header>
      <p>{status.detail}</p>
      {status.needsReconnect && canConfigure && (
        <p>
          <button
            type="button"
            className="primary"
            disabled={reconnect.isPending}
            onClick={() => reconnect.mutate({ params: { path: { accountId: account.id } } })}
          >
            Reconnect {account.name}
          </button>
        </p>
      )}
      <ActionError error={reconnect.error} />
      <QueryView query={usage} what={`the limits of ${account.name}`}>
        {(data) => <LimitsPanel name={account.name} usage={data} />}
      </QueryView>
    </article>
  );
}
