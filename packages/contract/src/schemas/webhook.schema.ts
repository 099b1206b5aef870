/** Requests of the webhook subscription operations. */
import { EVENT_TYPES } from '@outreach/domain';
import { z } from 'zod';
import { paginationQuery } from './pagination.schema.js';
import { REQUEST_LIMITS } from './request-limits.js';

/**
 * Only the form of the URL is checked here. Whether its host is a private or loopback address
 * depends on the deployment's settings, so the operation checks that.
 */
const webhookUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
  .regex(/^https?:\/\//, { message: 'must be an http or https URL' })
  .max(REQUEST_LIMITS.urlMaxLength);

const subscriptionPair = z.strictObject({
  url: webhookUrl,
  type: z.enum(EVENT_TYPES),
});

export const subscribeHookBody = subscriptionPair;
export const unsubscribeHookBody = subscriptionPair;
export const listHooksQuery = paginationQuery;
export const performListQuery = z.strictObject({ type: z.enum(EVENT_TYPES) });
