/**
 * The runner process's entry. Tracing starts first when `OTEL_EXPORTER_OTLP_ENDPOINT` is set
 * (nothing of OpenTelemetry is loaded otherwise); the rest of the process is imported only then, so
 * the MongoDB driver and the HTTP clients are instrumented as they load.
 */
import { startTracingIfConfigured } from '@outreach/telemetry/tracing-preload';

try {
  await startTracingIfConfigured('runner');
  const { main } = await import('./runner-main.js');
  await main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
