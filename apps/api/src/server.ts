/**
 * The API process's entry. Tracing starts first when `OTEL_EXPORTER_OTLP_ENDPOINT` is set (nothing
 * of OpenTelemetry is loaded otherwise); the rest of the process is imported only then, so HTTP,
 * Express and the MongoDB driver are instrumented as they load.
 */
import { startTracingIfConfigured } from '@outreach/telemetry/tracing-preload';

try {
  await startTracingIfConfigured('api');
  const { main } = await import('./api-main.js');
  await main();
} catch (error: unknown) {
  // The logger may not exist yet (bad configuration), so this goes to stderr as plain text.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
