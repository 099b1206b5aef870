export type { Conversation, ConversationWithMessages, LastMessage, Message } from './conversation.entity.js';
export { LAST_MESSAGE_PREVIEW_LENGTH } from './conversation.schema.js';
export type { ConversationListQuery, ConversationRepository } from './conversation.repository.js';
export type { IncomingOrSentMessage, MessageRepository } from './message.repository.js';
export type { MessageState } from './message.schema.js';
