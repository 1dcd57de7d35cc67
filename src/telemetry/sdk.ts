/**
 * The OpenTelemetry SDK, loaded by `startTracing` only when an OTLP endpoint is configured. The
 * standard variables drive it: OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_EXPORTER_OTLP_*
 * (endpoint, headers, protocol `http/protobuf`, `http/json` or `grpc`), OTEL_TRACES_SAMPLER(_ARG),
 * OTEL_PROPAGATORS and OTEL_BSP_* are read by the SDK and the exporters themselves.
 */
import * as api from '@opentelemetry/api';
import { Resource, envDetectorSync, processDetectorSync } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
  OpenTelemetryWorkflowClientInterceptor,
  makeWorkflowExporter,
} from '@temporalio/interceptors-opentelemetry';
import type { TracingRuntime } from './index';
import { rememberActivitySpan } from './activity-spans';

/** The exporter for OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, else OTEL_EXPORTER_OTLP_PROTOCOL; the spec's default is http/protobuf. */
function exporterFor(env: NodeJS.ProcessEnv): SpanExporter {
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf').trim();
  /* eslint-disable @typescript-eslint/no-require-imports -- only the chosen transport is loaded */
  switch (protocol) {
    case 'grpc':
      return new (require('@opentelemetry/exporter-trace-otlp-grpc') as typeof import('@opentelemetry/exporter-trace-otlp-grpc')).OTLPTraceExporter();
    case 'http/json':
      return new (require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
    case 'http/protobuf':
      return new (require('@opentelemetry/exporter-trace-otlp-proto') as typeof import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
    default:
      throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL "${protocol}" is not one of grpc, http/protobuf, http/json`);
  }
  /* eslint-enable @typescript-eslint/no-require-imports */
}

export function startSdk(serviceName: string, env: NodeJS.ProcessEnv): TracingRuntime {
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) override the default name.
  const resource = new Resource({ 'service.name': serviceName })
    .merge(processDetectorSync.detect())
    .merge(envDetectorSync.detect());
  const processor = new BatchSpanProcessor(exporterFor(env));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [processor] });
  // The AsyncLocalStorage context manager and the W3C trace-context propagator (or OTEL_PROPAGATORS).
  provider.register();
  // SQL of the ORM (node-postgres) only inside a traced request or activity: pollers would start a trace per tick.
  const unregister = registerInstrumentations({ tracerProvider: provider, instrumentations: [new PgInstrumentation({ requireParentSpan: true })] });
  const tracer = provider.getTracer('counterfoil');
  return {
    tracer,
    api,
    workflowClientInterceptor: () => new OpenTelemetryWorkflowClientInterceptor({ tracer }),
    workerOptions: () => ({
      interceptors: {
        activity: [
          (ctx) => ({ inbound: new OpenTelemetryActivityInboundInterceptor(ctx, { tracer }), outbound: new OpenTelemetryActivityOutboundInterceptor(ctx) }),
          // Inside the activity's span (inbound interceptors nest in order): its ids for the lines the SDK writes around it.
          (ctx) => ({
            inbound: {
              execute: (input, next) => {
                const span = api.trace.getActiveSpan()?.spanContext();
                if (span) rememberActivitySpan(ctx, { trace_id: span.traceId, span_id: span.spanId });
                return next(input);
              },
            },
          }),
        ],
      },
      sinks: { exporter: makeWorkflowExporter(processor, resource) },
    }),
    shutdown: async () => {
      unregister();
      await provider.shutdown();
    },
  };
}
