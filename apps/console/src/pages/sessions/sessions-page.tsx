import { useQueryClient } from '@tanstack/react-query';
import { useRootApi, useSessionState } from '../../api/session.js';
import { Badge } from '../../components/badge.js';
import { ActionError, EmptyState, QueryView } from '../../components/states.js';
import { browserName } from '../../lib/browser-name.js';
import { dateTime } from '../../lib/format.js';

/** Your sessions (this one marked), each of which you may end; ending this one signs you out. */
export default function SessionsPage() {
  const api = useRootApi();
  const { endLocally } = useSessionState();
  const queryClient = useQueryClient();
  const sessions = api.useQuery('get', '/v1/sessions');
  const end = api.useMutation('delete', '/v1/sessions/{sessionId}', {
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['get', '/v1/sessions'] }),
  });
  return (
    <section aria-labelledby="sessions-heading">
      <h1 id="sessions-heading">My sessions</h1>
      <p>
        Every browser signed in as you. End one you do not recognise (a lost laptop): it is signed out on its
        next request.
      </p>
      <ActionError error={end.error} />
      <QueryView query={sessions} what="your sessions">
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState title="No session." />
          ) : (
            <table>
              <caption className="visually-hidden">Your sessions, {items.length} in all</caption>
              <thead>
                <tr>
                  <th scope="col">Browser</th>
                  <th scope="col">Signed in</th>
                  <th scope="col">Last seen</th>
                  <th scope="col">IP address</th>
                  <th scope="col">Ends unless used by</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((session) => (
                  <tr key={session.id}>
                    <th scope="row" title={session.userAgent ?? undefined}>
                      {browserName(session.userAgent)}{' '}
                      {session.current && <Badge tone="info">This session</Badge>}
                    </th>
                    <td>{dateTime(session.createdAt)}</td>
                    <td>{dateTime(session.lastSeenAt)}</td>
                    <td>{session.ipAddress ?? '—'}</td>
                    <td>{dateTime(session.expiresAt)}</td>
                    <td>
                      <button
                        type="button"
                        className={session.current ? 'danger' : undefined}
                        disabled={end.isPending}
                        onClick={() =>
                          end.mutate(
                            { params: { path: { sessionId: session.id } } },
                            {
                              onSuccess: () => {
                                if (session.current)
                                  endLocally('You ended this session: you are signed out.');
                              },
                            },
                          )
                        }
                      >
                        {session.current
                          ? 'End this session (sign out)'
                          : `End the session of ${browserName(session.userAgent)} from ${dateTime(session.createdAt)}`}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryView>
    </section>
  );
}
