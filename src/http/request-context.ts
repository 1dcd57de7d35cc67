import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import { SpanStatusCode } from '@opentelemetry/api';
import type { Services } from '../services';
import { inServerSpan } from '../telemetry';

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

/** X-Request-Id in and out, one JSON log line per request, and the latency histogram. */
export function requestContext(services: Services, surface: 'tenant' | 'signed'): Koa.Middleware {
  const { log, metrics } = services;
  // prom-client hashes a label object on every observe; keep one child per label set instead.
  const histograms = new Map<string, { observe(v: number): void }>();
  const histogramFor = (route: string, method: string, status: string) => {
    const key = `${route} ${method} ${status}`;
    let h = histograms.get(key);
    if (!h) histograms.set(key, (h = metrics.httpDuration.labels({ surface, route, method, status })));
    return h;
  };
  return (ctx, next) => inServerSpan(ctx.method, ctx.headers, async (span) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = log;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route: string = ctx.state.route?.path ?? 'unmatched';
      histogramFor(route, ctx.method, String(ctx.status)).observe(seconds);
      metrics.observeRequest(surface, ctx.status, ctx.response.get('Idempotent-Replayed') === 'true');
      if (span) {
        // Named by the route template, never the path: ids in span names would make every request a name of its own.
        span.updateName(`${ctx.method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': ctx.status, 'counterfoil.request_id': requestId, 'counterfoil.surface': surface });
        if (ctx.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      }
      if (log.isLevelEnabled('info')) {
        log.info(
          {
            request_id: requestId,
            method: ctx.method,
            route,
            status: ctx.status,
            latency_ms: Math.round(seconds * 1e6) / 1e3,
            principal: ctx.state.caller?.subject.id,
            code: ctx.state.errorCode,
          },
          'request',
        );
      }
    }
  });
}
