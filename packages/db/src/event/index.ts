export type { OutboxEvent } from './event.entity.js';
export type { EventRepository, NewEvent } from './event.repository.js';
