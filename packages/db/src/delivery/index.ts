export type { Delivery, DeliveryAttempt } from './delivery.entity.js';
export type { DeliveryRepository } from './delivery.repository.js';
export type { DeliveryStatus } from './delivery.schema.js';
