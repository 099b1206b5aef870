export { createMetricsRegistry, exposition } from './metrics/metrics-registry.js';
export { serveMetrics, startMetricsServer, type MetricsServer } from './metrics/metrics-server.js';
export { observeMongoPool, type MonitoredMongoClient } from './metrics/mongo-pool-metrics.js';
export {
  activeTraceIds,
  currentTraceparent,
  inWorkSpan,
  spanContextOf,
  traceLogFields,
  type TraceIds,
  type WorkSpanOptions,
} from './tracing/trace-context.js';
