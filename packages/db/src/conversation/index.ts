export type { Conversation, ConversationWithMessages, Message } from './conversation.entity.js';
export type { ConversationListQuery, ConversationRepository } from './conversation.repository.js';
export type { IncomingOrSentMessage, MessageRepository } from './message.repository.js';
export type { MessageState } from './message.schema.js';
