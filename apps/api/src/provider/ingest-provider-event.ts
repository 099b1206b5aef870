import type { Db } from '@outreach/db';
import { parseUnipileWebhook, type ProviderEvent, type ProviderNetworkPort } from '@outreach/network';
import type { Logger } from 'pino';
import { HttpError } from '../http/http-error.js';
import { applyAccountStatusEvent } from './apply-account-event.js';

export interface IngestDeps {
  db: Db;
  productClock: () => Date;
  logger: Logger;
  /** Where an account's current state is read when a status report arrives; null without one. */
  network?: ProviderNetworkPort | null;
}

export interface IngestResult {
  /** False for what the service does not use (reactions, read receipts, unknown statuses). */
  stored: boolean;
  /** The stored event's id; the same for every delivery of one provider event. */
  eventId: string | null;
  /** This delivery repeated an event already stored. */
  duplicate: boolean;
}

/** Reads a Unipile webhook body; a body of no known shape is a 400 and changes nothing. */
export function parseWebhookBody(body: unknown, receivedAt: Date): ProviderEvent | null {
  try {
    return parseUnipileWebhook(body, receivedAt);
  } catch (error) {
    if (error instanceof TypeError) {
      throw new HttpError(400, 'invalid request: the body is not a Unipile webhook', {
        code: 'validation_failed',
      });
    }
    throw error;
  }
}

/** Stores one parsed provider event in the inbox (idempotent by the provider's event id). */
export async function storeProviderEvent(deps: IngestDeps, event: ProviderEvent) {
  const { id, type, accountId, ...rest } = event;
  return deps.db.providerEvents.record({
    eventId: id,
    provider: 'unipile',
    type,
    providerAccountId: accountId,
    data: { type, accountId, ...rest },
    receivedAt: deps.productClock(),
  });
}

/**
 * One webhook call: parse, store first, and only then act. Relation and message events wait in
 * the inbox for the runner. An account-status report is applied at once (it is small, and the
 * account's state should not lag); if that fails, the report stays in the inbox and the answer is
 * still a success, since the provider would only deliver the same report again.
 */
export async function ingestProviderWebhook(deps: IngestDeps, body: unknown): Promise<IngestResult> {
  const event = parseWebhookBody(body, deps.productClock());
  if (event === null) return { stored: false, eventId: null, duplicate: false };
  if (event.type === 'account_linked') {
    throw new HttpError(400, 'invalid request: hosted-auth callbacks go to the notify URL of the link', {
      code: 'validation_failed',
    });
  }
  const { event: stored, created } = await storeProviderEvent(deps, event);
  if (created && stored.type === 'account_status') {
    try {
      if (await applyAccountStatusEvent(deps, stored)) {
        await deps.db.providerEvents.markConsumed(stored.id, deps.productClock());
      }
    } catch (error) {
      deps.logger.error({ err: error, eventId: stored.id }, 'account status report kept for later');
    }
  }
  return { stored: true, eventId: stored.id, duplicate: !created };
}
