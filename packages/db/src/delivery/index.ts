export type { Delivery, DeliveryAttempt, DeliveryAttemptInput } from './delivery.entity.js';
export type { DeliveryClaimOptions, DeliveryOutcome, DeliveryRepository } from './delivery.repository.js';
export {
  DELIVERY_FAILURE_REASONS,
  DELIVERY_STATUSES,
  MAX_RESPONSE_BODY_LENGTH,
  type DeliveryFailureReason,
  type DeliveryStatus,
} from './delivery.schema.js';
