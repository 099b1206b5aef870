import type { SimWebhook } from './sim-timeline.js';
import type { UnipileSimSettings } from './sim-settings.js';

export type DeliveryOutcome = 'delivered' | 'dropped' | 'failed' | 'pending';

/** One webhook as the simulator handled it, for `GET /_sim/webhooks` and tests. */
export interface WebhookDelivery {
  seq: number;
  key: string;
  payload: Record<string, unknown>;
  outcome: DeliveryOutcome;
  attempts: number;
  /** Why it was dropped: `drop_probability`, `drop_next` or `no_url`. */
  dropReason: string | null;
}

/**
 * Pushes webhooks to the configured URL with the secret header, one at a time in event order,
 * retrying a non-200 up to `webhookMaxAttempts` times like Unipile. Some are dropped on purpose
 * (a hash of the seed and the event, or the next N on demand), so the receiving side needs its
 * reconciliation poll.
 */
export class WebhookPusher {
  private readonly deliveries: WebhookDelivery[] = [];
  private queue: Promise<void> = Promise.resolve();
  private dropNext = 0;
  private closed = false;

  constructor(
    private readonly settings: UnipileSimSettings,
    private readonly draw: (key: string) => number,
    private url: string | undefined = settings.webhookUrl,
  ) {}

  setUrl(url: string | undefined): void {
    this.url = url;
  }

  dropNextWebhooks(count: number): void {
    this.dropNext += count;
  }

  push(webhook: SimWebhook): void {
    const delivery: WebhookDelivery = {
      seq: this.deliveries.length + 1,
      ...webhook,
      outcome: 'pending',
      attempts: 0,
      dropReason: null,
    };
    this.deliveries.push(delivery);
    const reason = this.dropReason(webhook.key);
    if (reason) {
      delivery.outcome = 'dropped';
      delivery.dropReason = reason;
      return;
    }
    this.queue = this.queue.then(() => this.deliver(delivery));
  }

  /** Resolves once every webhook pushed so far has been delivered, dropped or given up on. */
  idle(): Promise<void> {
    return this.queue;
  }

  list(): WebhookDelivery[] {
    return this.deliveries.map((d) => ({ ...d }));
  }

  clear(): void {
    this.deliveries.length = 0;
    this.dropNext = 0;
  }

  close(): void {
    this.closed = true;
  }

  private dropReason(key: string): string | null {
    if (!this.url) return 'no_url';
    if (this.dropNext > 0) {
      this.dropNext -= 1;
      return 'drop_next';
    }
    if (this.draw(key) < this.settings.webhookDropProbability) return 'drop_probability';
    return null;
  }

  private async deliver(delivery: WebhookDelivery): Promise<void> {
    const { webhookMaxAttempts, webhookRetryDelayMs, webhookSecretHeader, webhookSecret } = this.settings;
    for (let attempt = 1; attempt <= webhookMaxAttempts && !this.closed; attempt++) {
      delivery.attempts = attempt;
      try {
        const response = await fetch(this.url ?? '', {
          method: 'POST',
          headers: { 'content-type': 'application/json', [webhookSecretHeader]: webhookSecret },
          body: JSON.stringify(delivery.payload),
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        if (response.status === 200) {
          delivery.outcome = 'delivered';
          return;
        }
      } catch {
        // Refused, reset or timed out: tried again below, as Unipile does.
      }
      if (attempt < webhookMaxAttempts)
        await new Promise((resolve) => setTimeout(resolve, webhookRetryDelayMs * attempt));
    }
    delivery.outcome = 'failed';
  }
}
