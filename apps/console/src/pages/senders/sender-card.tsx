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

/** What each limit is called, in the order the card lists them, and the window it counts. */
const LIMIT_ROWS: Array<[keyof AccountUsage['limits'], string, string]> = [
  ['invitationsPerDay', 'Invitations', 'today'],
  ['invitationsPerWeek', 'Invitations', 'last 7 days'],
  ['notedInvitationsPerMonth', 'Invitations with a note', 'last 31 days'],
  ['messagesPerDay', 'Messages', 'today'],
  ['inmailsPerDay', 'InMails', 'today'],
  ['inmailsPerMonth', 'InMails', 'this month'],
  ['profileVisitsPerDay', 'Profile visits', 'today'],
  ['profileRetrievalsPerDay', 'Profile retrievals (every read)', 'today'],
  ['listReadsPerDay', 'List reads', 'today'],
];

const SOURCES: Record<AccountUsage['limits']['invitationsPerDay']['source'], string> = {
  tier_default: 'default for the tier',
  user_setting: 'your setting',
  warm_up: 'warm-up',
  tier_ceiling: "the tier's ceiling",
};

/** The rows shown for an account's limits: used and left in each limit's own window, and why. */
export function limitFigures(usage: AccountUsage): LimitFigures[] {
  return LIMIT_ROWS.map(([key, action, period]) => {
    const limit = usage.limits[key];
    return {
      action,
      period,
      used: limit.used,
      limit: limit.limit,
      left: limit.left,
      source: SOURCES[limit.source],
    };
  });
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
