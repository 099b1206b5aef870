import type { Message } from '@outreach/contract';
import type { Message as MessageEntity } from '@outreach/db';

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
