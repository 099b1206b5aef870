import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * A registry for one process: every metric it exposes is registered here (never in prom-client's
 * global registry, so tests that start several apps in one process keep them apart), with Node's
 * process metrics (event-loop lag, heap, handles, CPU, garbage collection) when `processMetrics`.
 */
export function createMetricsRegistry(options: { processMetrics?: boolean } = {}): Registry {
  const registry = new Registry();
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  return registry;
}

/** The exposition of a registry, as a `/metrics` answer sends it. */
export async function exposition(registry: Registry): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
