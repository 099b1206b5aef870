import type { WireEvent } from '../wire/provider-wire.schema.js';
import type { OutcomeOracle } from './outcome-oracle.js';

/**
 * The events the sandbox reports. An event's id derives from the id of what it reports (the
 * invitation, the message), so the scheduled and the forced form of one acceptance share an id.
 */
export function acceptanceEvent(
  oracle: OutcomeOracle,
  fields: { invitationId: string; publicIdentifier: string; atMs: number },
): WireEvent {
  const { invitationId, publicIdentifier, atMs } = fields;
  return {
    id: oracle.id('evt', invitationId),
    type: 'invitation_accepted',
    invitationId,
    publicIdentifier,
    occurredAt: new Date(atMs).toISOString(),
  };
}

export function messageReceivedEvent(
  oracle: OutcomeOracle,
  fields: {
    messageId: string;
    conversationId: string;
    publicIdentifier: string;
    content: string;
    atMs: number;
  },
): WireEvent {
  const { messageId, conversationId, publicIdentifier, content, atMs } = fields;
  return {
    id: oracle.id('evt', messageId),
    type: 'message_received',
    messageId,
    conversationId,
    publicIdentifier,
    content,
    occurredAt: new Date(atMs).toISOString(),
  };
}
