import { newIdempotencyKey, type components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../api/session.js';
import { POLL_MS } from '../../api/polling.js';
import { Badge } from '../../components/badge.js';
import { Pagination } from '../../components/pagination.js';
import { ActionError, EmptyState, QueryView } from '../../components/states.js';
import { dateTime } from '../../lib/format.js';
import { statusLabel } from '../campaigns/campaign-status.js';

type Subscription = components['schemas']['Subscription'];
const TONES: Record<string, string> = { pending: 'warn', delivered: 'good', failed: 'bad' };
const PAGE_SIZE = 20;

function refreshHooks(queryClient: ReturnType<typeof useQueryClient>) {
  for (const path of ['/v1/hooks', '/v1/hooks/{id}/deliveries', '/v1/hooks/deliveries/{deliveryId}'])
    void queryClient.invalidateQueries({ queryKey: ['get', path] });
}

/** Every delivery of one subscription, each with all its attempts; retry one, or recover since a time. */
export function DeliveryLog({ subscription }: { subscription: Subscription }) {
  const api = useApi();
  const [offset, setOffset] = useState(0);
  const query = api.useQuery(
    'get',
    '/v1/hooks/{id}/deliveries',
    { params: { path: { id: subscription.id }, query: { offset, limit: PAGE_SIZE } } },
    { refetchInterval: POLL_MS.live, placeholderData: (previous) => previous },
  );
  return (
    <section aria-label={`Delivery log of ${subscription.type} to ${subscription.url}`}>
      <h3>Delivery log</h3>
      <RecoverForm subscriptionId={subscription.id} />
      <QueryView query={query} what="the deliveries">
        {(page) =>
          page.total === 0 ? (
            <EmptyState title="No delivery yet: one is made for each event of this type." />
          ) : (
            <>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Event</th>
                    <th scope="col">Status</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Created</th>
                    <th scope="col">Details</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((delivery) => (
                    <tr key={delivery.id}>
                      <th scope="row">
                        {delivery.eventType} <code className="muted">{delivery.eventId}</code>
                      </th>
                      <td>
                        <Badge tone={TONES[delivery.status] ?? 'neutral'}>
                          {statusLabel(delivery.status)}
                        </Badge>
                        {delivery.failureReason && ` (${delivery.failureReason.replaceAll('_', ' ')})`}
                      </td>
                      <td>{delivery.attemptCount}</td>
                      <td>{dateTime(delivery.createdAt)}</td>
                      <td>
                        <DeliveryDetails deliveryId={delivery.id} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pagination
                label="Delivery pages"
                total={page.total}
                offset={page.offset}
                limit={page.limit}
                onChange={setOffset}
              />
            </>
          )
        }
      </QueryView>
    </section>
  );
}

function DeliveryDetails({ deliveryId }: { deliveryId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Attempts of {deliveryId}</summary>
      {open && <Attempts deliveryId={deliveryId} />}
    </details>
  );
}

function Attempts({ deliveryId }: { deliveryId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = api.useQuery(
    'get',
    '/v1/hooks/deliveries/{deliveryId}',
    { params: { path: { deliveryId } } },
    { refetchInterval: POLL_MS.live },
  );
  const retry = api.useMutation('post', '/v1/hooks/deliveries/{deliveryId}/retry', {
    onSettled: () => refreshHooks(queryClient),
  });
  return (
    <QueryView query={query} what="the attempts">
      {(delivery) => (
        <div>
          {delivery.attempts.length === 0 ? (
            <p>Not attempted yet.</p>
          ) : (
            <ol className="attempts" aria-label={`Attempts of ${deliveryId}`}>
              {delivery.attempts.map((attempt) => (
                <li key={attempt.attempt}>
                  Attempt {attempt.attempt} at {dateTime(attempt.at)}:{' '}
                  {attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : 'no answer'} in{' '}
                  {attempt.durationMs} ms
                  {attempt.error && ` · ${attempt.error}`}
                  {attempt.responseExcerpt && ` · “${attempt.responseExcerpt}”`}
                  {attempt.nextRetryAt && ` · next try ${dateTime(attempt.nextRetryAt)}`}
                </li>
              ))}
            </ol>
          )}
          <button
            type="button"
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate({
                params: { path: { deliveryId }, header: { 'Idempotency-Key': newIdempotencyKey() } },
              })
            }
          >
            Retry this delivery
          </button>
          {retry.isSuccess && <p role="status">Queued: it is sent again in a moment.</p>}
          <ActionError error={retry.error} />
        </div>
      )}
    </QueryView>
  );
}

function RecoverForm({ subscriptionId }: { subscriptionId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [since, setSince] = useState('');
  const recover = api.useMutation('post', '/v1/hooks/{id}/recover', {
    onSettled: () => refreshHooks(queryClient),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    recover.mutate({
      params: { path: { id: subscriptionId }, header: { 'Idempotency-Key': newIdempotencyKey() } },
      body: { since: new Date(since).toISOString() },
    });
  };
  const id = `recover-${subscriptionId}`;
  return (
    <form className="inline-form" onSubmit={submit}>
      <label htmlFor={id}>Send again every failed delivery since</label>
      <input
        id={id}
        type="datetime-local"
        required
        value={since}
        onChange={(event) => setSince(event.target.value)}
      />
      <button type="submit" disabled={recover.isPending || since === ''}>
        Recover
      </button>
      {recover.data && <p role="status">{recover.data.requeued} deliveries queued again.</p>}
      <ActionError error={recover.error} />
    </form>
  );
}
