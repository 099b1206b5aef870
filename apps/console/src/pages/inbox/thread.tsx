import { newIdempotencyKey } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import { useApi, useCan } from '../../api/session.js';
import { POLL_MS } from '../../api/polling.js';
import { ActionError, QueryView } from '../../components/states.js';
import { dateTime } from '../../lib/format.js';
import { leadName } from '../../lib/lead-wait.js';

/** One conversation: its messages, marked read when opened, and the reply box. */
export function Thread({
  conversationUrn,
  accountName,
  replyRef,
}: {
  conversationUrn: string;
  accountName: (id: string) => string;
  replyRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const api = useApi();
  const canWrite = useCan('campaigns:write');
  const queryClient = useQueryClient();
  const path = { params: { path: { conversationUrn } } };
  const query = api.useQuery('get', '/v1/conversations/{conversationUrn}', path, {
    refetchInterval: POLL_MS.inbox,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['get', '/v1/conversations'] });
    void queryClient.invalidateQueries({ queryKey: ['get', '/v1/conversations/{conversationUrn}'] });
  };
  const markRead = api.useMutation('post', '/v1/conversations/{conversationUrn}/mark-read', {
    onSettled: refresh,
  });
  const send = api.useMutation('post', '/v1/conversations/{conversationUrn}/messages', {
    onSettled: refresh,
  });
  const [text, setText] = useState('');
  const unread = query.data?.unread === true;
  const { mutate: mark } = markRead;

  // Opening an unread conversation reads it (for roles that may change the workspace: a read-only
  // look leaves it unread for the people who answer).
  useEffect(() => {
    if (unread && canWrite) mark({ params: { path: { conversationUrn } } });
  }, [unread, canWrite, conversationUrn, mark]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      {
        params: { path: { conversationUrn }, header: { 'Idempotency-Key': newIdempotencyKey() } },
        body: { content: text },
      },
      { onSuccess: () => setText('') },
    );
  };

  return (
    <QueryView query={query} what="the conversation">
      {(conversation) => (
        <section className="thread" aria-labelledby="thread-heading">
          <h2 id="thread-heading">
            {leadName(conversation.lead)}{' '}
            <span className="muted">via {accountName(conversation.accountId)}</span>
          </h2>
          <ol className="messages" aria-label="Messages">
            {conversation.messages.map((message) => (
              <li key={message.id} className={`message message-${message.sender}`}>
                <p className="message-meta">
                  {message.sender === 'lead' ? leadName(conversation.lead) : 'You'} ·{' '}
                  {dateTime(message.sentAt)}
                  {message.status !== 'sent' && ` · ${message.status}`}
                </p>
                <p>{message.content}</p>
              </li>
            ))}
          </ol>
          {canWrite && (
            <form onSubmit={submit}>
              <label htmlFor="reply">Reply (press r to jump here)</label>
              <textarea
                id="reply"
                ref={replyRef}
                rows={3}
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
              <button type="submit" className="primary" disabled={send.isPending || text.trim() === ''}>
                Send reply
              </button>
            </form>
          )}
          <ActionError error={send.error ?? markRead.error} />
        </section>
      )}
    </QueryView>
  );
}
