export type { Delivery, DeliveryAttempt, DeliveryAttemptInput } from './delivery.entity.js';
export type {
  DeliveryClaimOptions,
  DeliveryOutcome,
  DeliveryRepository,
  NewDelivery,
} from './delivery.repository.js';
export type { DeliveryLeases } from './delivery-leases.js';
export type { ClaimedDeliveries, DeliveryBatchClaimOptions } from './delivery-batch-claim.js';
export type { DeliverySettlement } from './delivery-batch-settle.js';
export {
  DELIVERY_FAILURE_REASONS,
  DELIVERY_STATUSES,
  MAX_RESPONSE_BODY_LENGTH,
  type DeliveryFailureReason,
  type DeliveryStatus,
} from './delivery.schema.js';
