import { created, ok } from '../http/route.js';
import { getConversation } from '../operations/conversations/get-conversation.js';
import { listConversations } from '../operations/conversations/list-conversations.js';
import { markConversationRead } from '../operations/conversations/mark-conversation-read.js';
import { sendMessage } from '../operations/conversations/send-message.js';
import type { Route } from './route-types.js';

/** Conversation URNs arrive URL-encoded in one path segment; Express decodes them. */
export function conversationRoutes(route: Route): void {
  route('listConversations', 'get', '/conversations', async ({ query }, ctx) =>
    ok(await listConversations(ctx, query)),
  );
  route('getConversation', 'get', '/conversations/:conversationUrn', async ({ params }, ctx) =>
    ok(await getConversation(ctx, params.conversationUrn)),
  );
  route(
    'markConversationRead',
    'post',
    '/conversations/:conversationUrn/mark-read',
    async ({ params }, ctx) => ok(await markConversationRead(ctx, params.conversationUrn)),
  );
  route('sendMessage', 'post', '/conversations/:conversationUrn/messages', async ({ params, body }, ctx) =>
    created(await sendMessage(ctx, params.conversationUrn, body)),
  );
}
