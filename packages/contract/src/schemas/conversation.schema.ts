/** Requests of the conversation operations. */
import { z } from 'zod';
import { idValue, queryBoolean } from './common.schema.js';
import { afterQuery, limitQuery, offsetQuery } from './pagination.schema.js';
import { REQUEST_LIMITS } from './request-limits.js';

/** Express hands path parameters over already URL-decoded, so the URN arrives as written. */
const conversationParams = z.strictObject({
  conversationUrn: z.string().min(1).max(REQUEST_LIMITS.conversationUrnMaxLength),
});

export const listConversationsQuery = z.strictObject({
  campaignId: idValue.optional(),
  accountId: idValue.optional(),
  unread: queryBoolean.optional(),
  offset: offsetQuery,
  after: afterQuery,
  limit: limitQuery,
});

export const getConversationParams = conversationParams;
export const markConversationReadParams = conversationParams;

export const sendMessageParams = conversationParams;
export const sendMessageBody = z.strictObject({
  content: z
    .string()
    .min(1)
    .max(REQUEST_LIMITS.templateMaxLength)
    .refine((content) => content.trim().length > 0, { message: 'must not be blank' }),
});
