import type { Message } from '@outreach/contract';
import type { LastMessage, Message as MessageEntity } from '@outreach/db';

/** Messages from the lead were received, which the API reports as `sent` (by the lead). */
export function toApiMessage(message: MessageEntity): Message {
  return {
    id: message.id,
    content: message.content,
    sender: message.sender,
    sentAt: message.sentAt.toISOString(),
    status: message.state === 'received' ? 'sent' : message.state,
  };
}

/** A conversation's last-message preview, shaped like the message (its content may be cut). */
export function toApiLastMessage(preview: LastMessage): Message {
  return {
    id: preview.id,
    content: preview.content,
    sender: preview.sender,
    sentAt: preview.sentAt.toISOString(),
    status: preview.state === 'received' ? 'sent' : preview.state,
  };
}
