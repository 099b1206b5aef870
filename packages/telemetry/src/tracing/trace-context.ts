import {
  context,
  isSpanContextValid,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Link,
  type Span,
  type SpanContext,
} from '@opentelemetry/api';

/** The ids of the span active in the current async context, when one is recording. */
export interface TraceIds {
  traceId: string;
  spanId: string;
}

/**
 * The active span's ids, or null when there is none: always null when tracing is off, since the
 * API then has no context manager and no span is ever active.
 */
export function activeTraceIds(): TraceIds | null {
  const span = trace.getActiveSpan();
  if (span === undefined) return null;
  const { traceId, spanId } = span.spanContext();
  return isSpanContextValid(span.spanContext()) ? { traceId, spanId } : null;
}

/** The fields a log line carries to name its trace: none outside a span. */
export function traceLogFields(): Partial<TraceIds> {
  return activeTraceIds() ?? {};
}

/**
 * The active span as a W3C `traceparent` (`00-<trace id>-<span id>-<flags>`), to be stored with
 * work another process picks up later, or null when no span is active.
 */
export function currentTraceparent(): string | null {
  const span = trace.getActiveSpan();
  if (span === undefined) return null;
  const ctx = span.spanContext();
  if (!isSpanContextValid(ctx)) return null;
  const flags = (ctx.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED ? '01' : '00';
  return `00-${ctx.traceId}-${ctx.spanId}-${flags}`;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** A stored `traceparent` read back as a span context, or null when it is absent or malformed. */
export function spanContextOf(traceparent: string | null | undefined): SpanContext | null {
  const match = TRACEPARENT.exec(traceparent ?? '');
  if (match === null) return null;
  const [, traceId = '', spanId = '', flags = '00'] = match;
  const spanContext: SpanContext = {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16) & TraceFlags.SAMPLED,
    isRemote: true,
  };
  return isSpanContextValid(spanContext) ? spanContext : null;
}

export interface WorkSpanOptions {
  /** Bounded, non-identifying attributes (types and outcomes); ids belong in attributes too, traces may hold them. */
  attributes?: Attributes;
  /**
   * What caused the work, as stored `traceparent`s (the request that started a campaign, the step
   * that wrote an event): linked, not parented, since the work is a trace of its own.
   */
  causes?: ReadonlyArray<string | null | undefined>;
}

/**
 * Runs `work` in a new root span named `name` (one trace per piece of background work), linked to
 * the stored contexts that caused it. Its result and failure are recorded on the span. With tracing
 * off the API hands out non-recording spans, so this costs a function call.
 */
export function inWorkSpan<T>(
  tracerName: string,
  name: string,
  options: WorkSpanOptions,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const links: Link[] = [];
  for (const cause of options.causes ?? []) {
    const linked = spanContextOf(cause);
    if (linked !== null) links.push({ context: linked });
  }
  const tracer = trace.getTracer(tracerName);
  return tracer.startActiveSpan(
    name,
    {
      root: true,
      kind: SpanKind.CONSUMER,
      links,
      ...(options.attributes ? { attributes: options.attributes } : {}),
    },
    context.active(),
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
