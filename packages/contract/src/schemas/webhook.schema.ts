/** Requests of the webhook subscription operations. */
import { EVENT_TYPES } from '@outreach/domain';
import { z } from 'zod';
import { idValue, isoDateOrDateTime } from './common.schema.js';
import { afterQuery, cursorPaginationQuery, limitQuery, offsetQuery } from './pagination.schema.js';
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
export const listHooksQuery = cursorPaginationQuery;
export const performListQuery = z.strictObject({ type: z.enum(EVENT_TYPES) });

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

const subscriptionIdParams = z.strictObject({ id: idValue });
const deliveryIdParams = z.strictObject({ deliveryId: idValue });

export const listHookDeliveriesParams = subscriptionIdParams;
export const listHookDeliveriesQuery = z.strictObject({
  status: z.enum(DELIVERY_STATUSES).optional(),
  eventType: z.enum(EVENT_TYPES).optional(),
  offset: offsetQuery,
  after: afterQuery,
  limit: limitQuery,
});
export const getHookDeliveryParams = deliveryIdParams;
export const retryHookDeliveryParams = deliveryIdParams;
export const recoverHookDeliveriesParams = subscriptionIdParams;
export const recoverHookDeliveriesBody = z.strictObject({ since: isoDateOrDateTime });
