import type { components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session.js';
import { POLL_MS } from '../../api/polling.js';
import { Badge } from '../../components/badge.js';
import { ActionError, QueryView } from '../../components/states.js';
import { displayedStatus, type DisplayedStatusKind } from './account-status.js';
import { LimitRow, type LimitFigures } from './limit-row.js';

type SenderAccount = components['schemas']['SenderAccount'];
type AccountUsage = components['schemas']['AccountUsage'];

const TONES: Record<DisplayedStatusKind, string> = {
  connected: 'good',
  disconnected: 'bad',
  restricted: 'bad',
  cooling_down: 'warn',
  inactive: 'neutral',
};

/** The rows shown for an account's usage today and this week. */
export function limitFigures(usage: AccountUsage): LimitFigures[] {
  const { limits, usedToday, remainingToday, usedThisWeek } = usage;
  return [
    {
      action: 'Invitations',
      period: 'today',
      used: usedToday.invitations,
      limit: limits.invitationsPerDay,
      left: remainingToday.invitations,
    },
    {
      action: 'Invitations',
      period: 'this week',
      used: usedThisWeek.invitations,
      limit: limits.invitationsPerWeek,
    },
    {
      action: 'Messages',
      period: 'today',
      used: usedToday.messages,
      limit: limits.messagesPerDay,
      left: remainingToday.messages,
    },
    {
      action: 'InMails',
      period: 'today',
      used: usedToday.inmails,
      limit: limits.inmailsPerDay,
      left: remainingToday.inmails,
    },
    {
      action: 'Profile visits',
      period: 'today',
      used: usedToday.profileVisits,
      limit: limits.profileVisitsPerDay,
      left: remainingToday.profileVisits,
    },
  ];
}

/** One sender account: its honest status, what to do about it, and its limits used and left. */
export function SenderCard({ account }: { account: SenderAccount }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const status = displayedStatus(account, new Date());
  const usage = api.useQuery(
    'get',
    '/v1/accounts/{accountId}/limits',
    { params: { path: { accountId: account.id } } },
    { refetchInterval: POLL_MS.senders },
  );
  const reconnect = api.useMutation('post', '/v1/accounts/{accountId}/reconnect', {
    onSuccess: (result) => {
      // Accounts held by the provider sign in again on its hosted page.
      if (result.reconnectUrl) window.location.assign(result.reconnectUrl);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['get', '/v1/accounts'] }),
  });
  const headingId = `sender-${account.id}`;
  return (
    <article className="card" aria-labelledby={headingId}>
      <header className="page-header">
        <h2 id={headingId}>{account.name}</h2>
        <Badge tone={TONES[status.kind]}>{status.label}</Badge>
      </header>
      <p>{status.detail}</p>
      {status.needsReconnect && (
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
        {(data) => (
          <table>
            <caption>Limits of {account.name}</caption>
            <thead>
              <tr>
                <th scope="col">Action</th>
                <th scope="col">Usage</th>
                <th scope="col">Used</th>
                <th scope="col">Left</th>
                <th scope="col">Limit</th>
              </tr>
            </thead>
            <tbody>
              {limitFigures(data).map((figures) => (
                <LimitRow key={`${figures.action}-${figures.period}`} figures={figures} />
              ))}
            </tbody>
          </table>
        )}
      </QueryView>
    </article>
  );
}
