/**
 * The pool gauges are fed by the driver's events after the client connected: connections opened
 * before must not push a gauge below zero, and a check-out's end is counted once however the
 * events interleave.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { parseExposition, sampleValue } from '../testing/exposition.js';
import { createMetricsRegistry } from './metrics-registry.js';
import { observeMongoPool } from './mongo-pool-metrics.js';

async function gauges(registry: ReturnType<typeof createMetricsRegistry>) {
  const samples = parseExposition(await registry.metrics());
  return {
    open: sampleValue(samples, 'mongodb_pool_connections'),
    checkedOut: sampleValue(samples, 'mongodb_pool_checked_out'),
    waiting: sampleValue(samples, 'mongodb_pool_wait_queue'),
    max: sampleValue(samples, 'mongodb_pool_max_size'),
    timeouts: sampleValue(samples, 'mongodb_pool_checkout_failures_total', { reason: 'timeout' }),
  };
}

describe('observeMongoPool', () => {
  it('follows check-outs, waits, closes and failures from the pool events', async () => {
    const client = Object.assign(new EventEmitter(), { options: { maxPoolSize: 7 } });
    const registry = createMetricsRegistry({ processMetrics: false });
    const stop = observeMongoPool(client, registry);
    const at = (connectionId: number) => ({ address: 'db:27017', connectionId });

    // A connection opened before the watch is first seen at its check-out.
    client.emit('connectionCheckOutStarted', { address: 'db:27017' });
    client.emit('connectionCheckOutStarted', { address: 'db:27017' });
    expect(await gauges(registry)).toMatchObject({ waiting: 2, open: 0, max: 7 });
    client.emit('connectionCheckedOut', at(1));
    client.emit('connectionCreated', at(2));
    client.emit('connectionCheckedOut', at(2));
    expect(await gauges(registry)).toMatchObject({ waiting: 0, open: 2, checkedOut: 2 });
    client.emit('connectionCheckedIn', at(1));
    client.emit('connectionCheckedIn', at(1));
    expect(await gauges(registry)).toMatchObject({ open: 2, checkedOut: 1 });
    client.emit('connectionClosed', at(2));
    // Checked in after its connection closed, or one never seen: nothing goes below zero.
    client.emit('connectionCheckedIn', at(2));
    client.emit('connectionClosed', at(9));
    expect(await gauges(registry)).toMatchObject({ open: 1, checkedOut: 0 });
    client.emit('connectionCheckOutStarted', { address: 'db:27017' });
    client.emit('connectionCheckOutFailed', { address: 'db:27017', reason: 'timeout' });
    expect(await gauges(registry)).toMatchObject({ waiting: 0, timeouts: 1 });

    stop();
    client.emit('connectionCheckOutStarted', { address: 'db:27017' });
    expect(await gauges(registry)).toMatchObject({ waiting: 0 });
  });
});
