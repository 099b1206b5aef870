import { newIdempotencyKey, type components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../api/session.js';
import { POLL_MS } from '../../api/polling.js';
import { Badge } from '../../components/badge.js';
import { ActionError, EmptyState, QueryView } from '../../components/states.js';
import { dateTime } from '../../lib/format.js';
import { DeliveryLog } from './delivery-log.js';

type EventType = components['schemas']['EventType'];
type Subscription = components['schemas']['Subscription'];
const EVENT_TYPES: EventType[] = [
  'message_received',
  'connection_request_accepted',
  'lead_tagged_interested',
  'lead_meeting_booked',
  'lead_status_matched',
  'lead_status_discarded',
  'campaign_completed',
  'campaign_without_leads',
  'network_account_disconnected',
  'acceptance_guard_started',
];

/** Webhook subscriptions with their health, and each one's delivery log. */
export default function WebhooksPage() {
  const api = useApi();
  const query = api.useQuery(
    'get',
    '/v1/hooks',
    { params: { query: { limit: 100 } } },
    { refetchInterval: POLL_MS.live },
  );
  return (
    <section aria-labelledby="webhooks-heading">
      <h1 id="webhooks-heading">Webhooks</h1>
      <SubscribeForm />
      <QueryView query={query} what="the webhook subscriptions">
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title="No webhook subscription yet.">
              <p>Subscribe a URL above: every event of its type is sent to it, signed, and logged here.</p>
            </EmptyState>
          ) : (
            page.items.map((subscription) => (
              <SubscriptionCard key={subscription.id} subscription={subscription} />
            ))
          )
        }
      </QueryView>
    </section>
  );
}

function health(subscription: Subscription): { tone: string; label: string } {
  const { consecutiveFailures, lastFailureAt, lastSuccessAt } = subscription.health;
  if (consecutiveFailures > 0) return { tone: 'bad', label: `Failing (${consecutiveFailures} in a row)` };
  if (lastSuccessAt) return { tone: 'good', label: 'Healthy' };
  if (lastFailureAt) return { tone: 'warn', label: 'Recovered' };
  return { tone: 'neutral', label: 'No delivery yet' };
}

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const unsubscribe = api.useMutation('delete', '/v1/hooks/unsubscribe', {
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['get', '/v1/hooks'] }),
  });
  const state = health(subscription);
  const title = `${subscription.type} to ${subscription.url}`;
  return (
    <article className="card" aria-label={title}>
      <header className="page-header">
        <h2>
          {subscription.type} <span className="muted">→ {subscription.url}</span>
        </h2>
        <Badge tone={state.tone}>{state.label}</Badge>
      </header>
      <p className="muted">
        Last success {dateTime(subscription.health.lastSuccessAt)} · last failure{' '}
        {dateTime(subscription.health.lastFailureAt)} · created {dateTime(subscription.createdAt)}
      </p>
      <div className="controls">
        <button type="button" aria-expanded={showLog} onClick={() => setShowLog((open) => !open)}>
          {showLog ? 'Hide' : 'Show'} the delivery log of {subscription.type}
        </button>
        <button
          type="button"
          className="danger"
          disabled={unsubscribe.isPending}
          onClick={() => {
            if (window.confirm(`Unsubscribe ${title}?`))
              unsubscribe.mutate({ body: { url: subscription.url, type: subscription.type } });
          }}
        >
          Unsubscribe
        </button>
      </div>
      <ActionError error={unsubscribe.error} />
      {showLog && <DeliveryLog subscription={subscription} />}
    </article>
  );
}

function SubscribeForm() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [type, setType] = useState<EventType>('message_received');
  const subscribe = api.useMutation('post', '/v1/hooks/subscribe', {
    onSuccess: () => setUrl(''),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['get', '/v1/hooks'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    subscribe.mutate({ params: { header: { 'Idempotency-Key': newIdempotencyKey() } }, body: { url, type } });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="subscribe-heading">
      <h2 id="subscribe-heading">Subscribe a URL</h2>
      <div className="field-row">
        <label htmlFor="hook-url">Receiver URL</label>
        <input
          id="hook-url"
          type="url"
          required
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <label htmlFor="hook-type">Event</label>
        <select id="hook-type" value={type} onChange={(event) => setType(event.target.value as EventType)}>
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <button type="submit" disabled={subscribe.isPending}>
          Subscribe
        </button>
      </div>
      {subscribe.data && (
        <p role="status">
          Subscribed. Deliveries are signed with this secret: <code>{subscribe.data.secret}</code>
        </p>
      )}
      <ActionError error={subscribe.error} />
    </form>
  );
}
