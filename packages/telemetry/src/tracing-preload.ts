/**
 * The first thing each process runs, before it loads the rest of itself: when an OTLP endpoint is
 * configured, it loads the OpenTelemetry SDK and registers its instrumentations, so that the
 * modules loaded afterwards (HTTP, Express, the MongoDB driver, undici) are patched as they load.
 * Without an endpoint it loads nothing: tracing then costs one environment read.
 *
 * Each app's entry awaits `startTracingIfConfigured` and only then imports its main module
 * dynamically, which is what makes "before the other imports" hold for ES modules (static imports
 * are all loaded before any of them runs).
 */

/** The SDK as started here, to be flushed and stopped before the process exits. */
interface StartedTracing {
  shutdown(): Promise<void>;
}

let started: StartedTracing | null = null;

/** Whether the environment asks for traces: an OTLP endpoint for all signals or for traces. */
export function tracingConfigured(env: NodeJS.ProcessEnv): boolean {
  const endpoint = env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] ?? env['OTEL_EXPORTER_OTLP_ENDPOINT'];
  return endpoint !== undefined && endpoint.trim() !== '' && env['OTEL_SDK_DISABLED'] !== 'true';
}

/**
 * Starts tracing for `serviceName` (`OTEL_SERVICE_NAME` wins) when the environment configures an
 * endpoint; resolves once the instrumentations are in place. Calling it again does nothing.
 */
export async function startTracingIfConfigured(
  serviceName: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  if (started !== null) return true;
  if (!tracingConfigured(env)) return false;
  const { startTracing } = await import('./tracing/start-tracing.js');
  started = await startTracing(env['OTEL_SERVICE_NAME'] ?? serviceName);
  return true;
}

/**
 * Sends the spans still buffered and stops the SDK; a no-op when tracing is off. Called by each
 * process's shutdown path before it exits, so the last requests' spans are not lost.
 */
export async function stopTracing(): Promise<void> {
  const sdk = started;
  started = null;
  await sdk?.shutdown();
}
