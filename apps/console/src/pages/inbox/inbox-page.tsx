import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useRef } from 'react';
import { useApi } from '../../api/session.js';
import { POLL_MS } from '../../api/polling.js';
import { EmptyState, QueryView } from '../../components/states.js';
import { dateTime } from '../../lib/format.js';
import { leadName } from '../../lib/lead-wait.js';
import { inboxSearch, useLiveSearch, type InboxSearch } from '../../route-search.js';
import { Thread } from './thread.js';
import { useInboxKeys } from './use-inbox-keys.js';

/** Conversations of every sender in one list, unread first; j/k to move, r to reply. */
export default function InboxPage() {
  const api = useApi();
  const { c: selected, unread: unreadOnly } = useLiveSearch(inboxSearch);
  const navigate = useNavigate({ from: '/w/$workspaceId/inbox' });
  // The conversation open and the filter replace the address rather than add to the history.
  const show = useCallback(
    (search: InboxSearch) => void navigate({ search, replace: true, resetScroll: false }),
    [navigate],
  );
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const query = api.useQuery(
    'get',
    '/v1/conversations',
    { params: { query: { limit: 100, ...(unreadOnly ? { unread: true } : {}) } } },
    { refetchInterval: POLL_MS.inbox },
  );
  const accounts = api.useQuery('get', '/v1/accounts', { params: { query: { limit: 100 } } });
  const accountName = useCallback(
    (id: string) => accounts.data?.items.find((a) => a.id === id)?.name ?? id,
    [accounts.data],
  );
  // Reading a conversation does not move it while the page is open: a conversation seen unread
  // keeps its place among the unread ones, so j and k walk a list that stays put.
  const seenUnread = useRef(new Set<string>());
  const items = useMemo(() => {
    const list = query.data?.items ?? [];
    for (const item of list) if (item.unread) seenUnread.current.add(item.conversationUrn);
    const unreadFirst = (item: (typeof list)[number]) =>
      Number(item.unread || seenUnread.current.has(item.conversationUrn));
    return [...list].sort(
      (a, b) =>
        unreadFirst(b) - unreadFirst(a) || (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? ''),
    );
  }, [query.data]);
  const open = useCallback((urn: string) => show({ c: urn, unread: unreadOnly }), [show, unreadOnly]);
  const move = useCallback(
    (step: number) => {
      if (items.length === 0) return;
      const index = items.findIndex((item) => item.conversationUrn === selected);
      const next = items[Math.min(items.length - 1, Math.max(0, index === -1 ? 0 : index + step))];
      if (next) {
        open(next.conversationUrn);
        document.getElementById(`conversation-${next.conversationUrn}`)?.focus();
      }
    },
    [items, selected, open],
  );
  const handlers = useMemo(
    () => ({ next: () => move(1), previous: () => move(-1), reply: () => replyRef.current?.focus() }),
    [move],
  );
  useInboxKeys(handlers);

  return (
    <section aria-labelledby="inbox-heading">
      <h1 id="inbox-heading">Inbox</h1>
      <p className="muted">
        Keys: <kbd>j</kbd> next, <kbd>k</kbd> previous, <kbd>r</kbd> reply.
      </p>
      <div className="filters">
        <input
          id="unread-only"
          type="checkbox"
          checked={unreadOnly}
          onChange={(event) => show({ c: selected, unread: event.target.checked })}
        />
        <label htmlFor="unread-only">Unread only</label>
      </div>
      <QueryView query={query} what="the conversations">
        {(page) =>
          page.total === 0 ? (
            unreadOnly ? (
              <EmptyState title="No unread conversation: you are up to date." />
            ) : (
              <EmptyState title="No conversation yet.">
                <p>Replies to your campaigns appear here, from every sender account.</p>
              </EmptyState>
            )
          ) : (
            <div className="inbox">
              <nav aria-label="Conversations">
                <ul className="conversation-list">
                  {items.map((item) => (
                    <li key={item.conversationUrn}>
                      <button
                        type="button"
                        id={`conversation-${item.conversationUrn}`}
                        className="conversation"
                        aria-current={item.conversationUrn === selected ? 'true' : undefined}
                        onClick={() => open(item.conversationUrn)}
                      >
                        <span className="conversation-name">
                          {item.unread && <span className="unread-dot" aria-hidden="true" />}
                          {leadName(item.lead)}
                          {item.unread && <span className="visually-hidden"> (unread)</span>}
                        </span>
                        <span className="muted">
                          {accountName(item.accountId)} · {dateTime(item.lastMessageAt)}
                        </span>
                        <span className="conversation-preview">{item.lastMessage?.content ?? ''}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </nav>
              <div>
                {selected ? (
                  <Thread
                    key={selected}
                    conversationUrn={selected}
                    accountName={accountName}
                    replyRef={replyRef}
                  />
                ) : (
                  <EmptyState title="Choose a conversation (or press j)." />
                )}
              </div>
            </div>
          )
        }
      </QueryView>
    </section>
  );
}
