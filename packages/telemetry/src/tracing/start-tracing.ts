import { register } from 'node:module';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { createAddHookMessageChannel } from 'import-in-the-middle';

/** Probes and scrapes arrive every few seconds and say nothing about the service's work. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Starts the OpenTelemetry Node SDK: traces only, exported over OTLP/HTTP (JSON) to the endpoint
 * of the standard `OTEL_EXPORTER_OTLP_*` variables, sampled by `OTEL_TRACES_SAMPLER` (every trace
 * by default, or as the caller's `traceparent` decided). Metrics are Prometheus' business and logs
 * pino's, so the SDK's own metric and log pipelines are left off whatever the environment says.
 *
 * The ES module loader hook is registered first, limited to the modules the instrumentations name,
 * so that an ES module importing one of them gets the patched module.
 */
export async function startTracing(serviceName: string): Promise<{ shutdown(): Promise<void> }> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter(),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        requireParentforOutgoingSpans: true,
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
      }),
      // Request handler spans only: one span per middleware or router passed would bury the work.
      new ExpressInstrumentation({
        ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER],
      }),
      // Only inside a traced piece of work (a request, a runner step, a delivery): the background
      // loops' polling would otherwise make a trace per query. Statements keep their shape, never
      // their values (`enhancedDatabaseReporting` off).
      new MongoDBInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  return sdk;
}
