/**
 * Event ids and envelopes. An event fires once per real transition: its id is derived from the
 * event type and a key naming the transition, so recording the same transition twice yields the
 * same id and the outbox's unique index drops the second one.
 */
import { createHash } from 'node:crypto';
import type { EventDataMap, WebhookEvent } from './event-catalogue.js';
import { TAG_EVENTS, type EventType, type LeadTag } from './vocabulary.js';

/** `evt_` + the first 24 hex characters of SHA-256 of `<type>:<transitionKey>`. */
export function eventId(type: EventType, transitionKey: string): string {
  const digest = createHash('sha256').update(`${type}:${transitionKey}`).digest('hex');
  return `evt_${digest.slice(0, 24)}`;
}

/** The transition keys of each event type, so every emitter names a transition the same way. */
export const transitionKeys = {
  /** One acceptance per invitation step of a lead. */
  connectionRequestAccepted: (leadId: string, stepId: string) => `${leadId}:${stepId}`,
  /** One event per received message. */
  messageReceived: (messageId: string) => messageId,
  /** A lead gains a tag once (the tag is part of the event type). */
  leadTagged: (leadId: string) => leadId,
  /**
   * Once per real transition: `activation` counts the starts of the campaign, `generation` the
   * times it was given waiting leads again (new leads, a lead set back to waiting, leads reopened
   * for a new step) during that run; the data layer counts both.
   */
  campaignCompleted: (campaignId: string, activation: number, generation = 0) =>
    generation === 0 ? `${campaignId}:${activation}` : `${campaignId}:${activation}:${generation}`,
  campaignWithoutLeads: (campaignId: string, activation: number, generation = 0) =>
    generation === 0 ? `${campaignId}:${activation}` : `${campaignId}:${activation}:${generation}`,
  /** Once per lost session: `session` names the connection that ended (e.g. when it began). */
  networkAccountDisconnected: (accountId: string, session: string | number) => `${accountId}:${session}`,
  /** Once per import: it ends once. */
  leadImportCompleted: (importId: string) => importId,
} as const;

export interface EventInput<T extends EventType> {
  type: T;
  transitionKey: string;
  workspaceId: string;
  occurredAt: Date;
  data: EventDataMap[T];
}

export function buildEvent<T extends EventType>(input: EventInput<T>): WebhookEvent<T> {
  return {
    id: eventId(input.type, input.transitionKey),
    type: input.type,
    timestamp: input.occurredAt.toISOString(),
    workspaceId: input.workspaceId,
    data: input.data,
  };
}

/** The event type a tag fires (`interested` -> `lead_tagged_interested`, ...). */
export function tagEventType<Tag extends LeadTag>(tag: Tag): (typeof TAG_EVENTS)[Tag] {
  return TAG_EVENTS[tag];
}
