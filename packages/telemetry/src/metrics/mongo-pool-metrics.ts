import type { EventEmitter } from 'node:events';
import { Counter, Gauge, type Registry } from 'prom-client';

/** The pool events read here, as the MongoDB driver's client emits them. */
interface PoolEvent {
  address: string;
  connectionId?: number | string;
  reason?: string;
}

/** The driver's client: an event emitter with its options (the pool's size limit). */
export interface MonitoredMongoClient extends EventEmitter {
  options?: { maxPoolSize?: number };
}

/**
 * Gauges of the MongoDB driver's connection pools, fed by the client's pool events: connections
 * open, checked out, requests waiting for one, and the size limit, plus failed check-outs by reason.
 *
 * The client is watched after it connected, so connections opened before that are counted from
 * their first check-out on, and each connection is tracked by its address and id: a connection
 * checked out before and returned after cannot make a gauge go below zero. Returns the function
 * that stops watching.
 */
export function observeMongoPool(client: MonitoredMongoClient, registry: Registry): () => void {
  const open = new Set<string>();
  const checkedOut = new Set<string>();
  let waiting = 0;
  const keyOf = (event: PoolEvent) => `${event.address}#${String(event.connectionId)}`;
  new Gauge({
    name: 'mongodb_pool_connections',
    help: 'Connections the driver holds open (in use or idle), all servers together',
    registers: [registry],
    collect() {
      this.set(open.size);
    },
  });
  new Gauge({
    name: 'mongodb_pool_checked_out',
    help: 'Connections checked out of the pool by an operation in progress',
    registers: [registry],
    collect() {
      this.set(checkedOut.size);
    },
  });
  new Gauge({
    name: 'mongodb_pool_wait_queue',
    help: 'Operations waiting for a connection of the pool',
    registers: [registry],
    collect() {
      this.set(waiting);
    },
  });
  new Gauge({
    name: 'mongodb_pool_max_size',
    help: 'The most connections the pool may open to one server (maxPoolSize)',
    registers: [registry],
    collect() {
      this.set(client.options?.maxPoolSize ?? 100);
    },
  });
  const failures = new Counter({
    name: 'mongodb_pool_checkout_failures_total',
    help: 'Check-outs that failed, by reason (timeout, connectionError, poolClosed)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const handlers: Record<string, (event: PoolEvent) => void> = {
    connectionCreated: (event) => void open.add(keyOf(event)),
    connectionClosed: (event) => {
      open.delete(keyOf(event));
      checkedOut.delete(keyOf(event));
    },
    connectionCheckOutStarted: () => {
      waiting += 1;
    },
    connectionCheckedOut: (event) => {
      waiting = Math.max(0, waiting - 1);
      open.add(keyOf(event));
      checkedOut.add(keyOf(event));
    },
    connectionCheckOutFailed: (event) => {
      waiting = Math.max(0, waiting - 1);
      failures.inc({ reason: event.reason ?? 'unknown' });
    },
    connectionCheckedIn: (event) => void checkedOut.delete(keyOf(event)),
  };
  for (const [name, handler] of Object.entries(handlers)) client.on(name, handler);
  return () => {
    for (const [name, handler] of Object.entries(handlers)) client.off(name, handler);
  };
}
