/**
 * OpenTelemetry tracing, off unless an OTLP endpoint is configured with the standard variables
 * (docs/operations.md, "Tracing"). This module is all a process loads while tracing is off: the SDK,
 * the exporters and the instrumentations sit in ./sdk and are required only by `startTracing`, and
 * every helper here returns at once, so an unconfigured process pays one boolean test per call site.
 */
import type { Span, Tracer } from '@opentelemetry/api';
import type { WorkflowClientInterceptor } from '@temporalio/client';
import type { WorkerOptions } from '@temporalio/worker';

/** What the SDK module hands back once started (see ./sdk). */
export interface TracingRuntime {
  tracer: Tracer;
  api: typeof import('@opentelemetry/api');
  /** Client interceptor that starts a span per workflow start/signal/query and puts its context in the headers. */
  workflowClientInterceptor(): WorkflowClientInterceptor;
  /** Activity interceptors and the sink the workflow interceptors export their spans through. */
  workerOptions(): Pick<WorkerOptions, 'interceptors' | 'sinks'>;
  shutdown(): Promise<void>;
}

let runtime: TracingRuntime | undefined;

/**
 * True when the environment asks for traces: an OTLP endpoint (all signals, or traces only) is set,
 * the SDK is not disabled and the traces exporter is not `none`. Read from process.env, not the configuration:
 * the OTEL_* variables are the OpenTelemetry SDK's own, which its env detector and exporters read there themselves.
 */
// eslint-disable-next-line no-restricted-properties -- the OpenTelemetry SDK's own variables (above)
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return false;
  if ((env.OTEL_TRACES_EXPORTER ?? '').trim().toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

/**
 * Starts the SDK once per process when configured; before the database drivers load, so that the
 * pg instrumentation sees `pg` loaded. `serviceName` is the default for OTEL_SERVICE_NAME; `env` is process.env as above.
 */
// eslint-disable-next-line no-restricted-properties -- the OpenTelemetry SDK's own variables (above)
export function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (runtime) return true;
  if (!tracingConfigured(env)) return false;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when tracing is on
  const sdk = require('./sdk') as typeof import('./sdk');
  runtime = sdk.startSdk(serviceName, env);
  return true;
}

export function tracingActive(): boolean {
  return runtime !== undefined;
}

/** The running SDK, or undefined while tracing is off. */
export function tracing(): TracingRuntime | undefined {
  return runtime;
}

/** Flushes the spans still buffered; the process is stopping. */
export async function shutdownTracing(): Promise<void> {
  const r = runtime;
  runtime = undefined;
  await r?.shutdown();
}

/** Keys of the attributes a span carries; semantic-convention names where one exists. */
export type SpanAttributes = Record<string, string | number | boolean | undefined>;

/**
 * `fn` inside a client span `name` that is a child of the current one. Only under a parent: a call
 * made outside any traced request or activity (a background poller) would start a trace of its own.
 */
export async function inClientSpan<T>(name: string, attributes: SpanAttributes, fn: (span: Span | undefined) => Promise<T>): Promise<T> {
  const r = runtime;
  if (!r || !r.api.trace.getActiveSpan()) return fn(undefined);
  return r.tracer.startActiveSpan(name, { kind: r.api.SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: r.api.SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Adds `traceparent` (and `tracestate`) of the current span to outgoing headers; nothing when off. */
export function injectTraceContext(headers: Record<string, string>): Record<string, string> {
  const r = runtime;
  if (r) r.api.propagation.inject(r.api.context.active(), headers);
  return headers;
}

/** The ids to put on a log line written inside a span; undefined outside one or while off. */
export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  const span = runtime?.api.trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/**
 * `fn` inside a server span continuing the caller's `traceparent` (W3C trace context) when it sent
 * one; `fn` names the span by its route once matched. Nothing while off.
 */
export async function inServerSpan<T>(method: string, headers: Record<string, string | string[] | undefined>, fn: (span: Span | undefined) => Promise<T>): Promise<T> {
  const r = runtime;
  if (!r) return fn(undefined);
  const { api } = r;
  const parent = api.propagation.extract(api.ROOT_CONTEXT, headers);
  const span = r.tracer.startSpan(method, { kind: api.SpanKind.SERVER, attributes: { 'http.request.method': method } }, parent);
  try {
    return await api.context.with(api.trace.setSpan(parent, span), () => fn(span));
  } finally {
    span.end();
  }
}
