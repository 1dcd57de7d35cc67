// The tracing switch of the benches: BENCH_TRACING=compare runs a bench's measured phase with tracing
// off and on, alternating, in the same run. "On" is 100 % sampling with OTLP over HTTP (protobuf) to
// a sink in the bench process that reads each export and answers 200: the figures hold the SDK's cost
// in the measured processes (spans, batching, serialising, sending), not a tracing backend's.
// BENCH_TRACING_BACKEND=jaeger exports to a local Jaeger instead (test/helpers/jaeger.ts, in-memory
// storage), which then shares the machine with the measured processes during the "on" rounds.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../temporal/dev-server';
import { Jaeger, JAEGER_VERSION } from '../helpers/jaeger';

// The OTLP exporter's generated protobuf code: a sink that counts spans needs no second copy of the schema.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ExportTraceServiceRequest } = require('@opentelemetry/otlp-transformer/build/src/generated/root.js').opentelemetry.proto.collector.trace.v1 as {
  ExportTraceServiceRequest: { decode(body: Uint8Array): unknown };
};

export const TRACING_COMPARE = process.env.BENCH_TRACING === 'compare';
/** Off/on pairs in a comparison run. */
export const TRACING_ROUNDS = Number(process.env.BENCH_TRACING_ROUNDS ?? 3);

export interface OtlpSink {
  /** The settings that turn tracing on at 100 % sampling, exporting here. */
  env: Record<string, string>;
  /** What received the spans, and how much so far (a report's line). */
  summary(): [string, string];
  stop(): Promise<void>;
}

export async function startOtlpSink(): Promise<OtlpSink> {
  if (process.env.BENCH_TRACING_BACKEND === 'jaeger') {
    const jaeger = await Jaeger.start(path.join(os.tmpdir(), `counterfoil-bench-jaeger-${process.pid}`));
    return {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: jaeger.otlpEndpoint, OTEL_TRACES_SAMPLER: 'always_on' },
      summary: () => ['spans exported to', `Jaeger ${JAEGER_VERSION} (OTLP http/protobuf, in-memory storage, same machine)`],
      stop: () => jaeger.stop(),
    };
  }
  let requests = 0;
  let bytes = 0;
  const spans = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      chunks.push(chunk);
    });
    req.on('end', () => {
      requests++;
      for (const name of spanNames(Buffer.concat(chunks))) spans.set(name, (spans.get(name) ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'application/x-protobuf', 'content-length': '0' }).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_TRACES_SAMPLER: 'always_on' },
    summary: () => [
      'OTLP exports received by the sink (requests / MB / spans)',
      `${requests} / ${(bytes / 1e6).toFixed(1)} / ${[...spans.values()].reduce((a, n) => a + n, 0)}: ${[...spans]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([name, n]) => `${name} ${n}`)
        .join(', ')}`,
    ],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The names of the spans in one OTLP http/protobuf export (decoded with the exporter's own generated code). */
function spanNames(body: Buffer): string[] {
  const request = ExportTraceServiceRequest.decode(body) as unknown as { resourceSpans: Array<{ scopeSpans: Array<{ spans: Array<{ name: string }> }> }> };
  return request.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans.map((span) => span.name)));
}

/**
 * The median over rounds of each round's on/off ratio, as a change ("+4.1 %"): each pair ran back to back,
 * so a machine whose speed drifts during the run moves both halves of a pair, not one median.
 */
export const pairedChange = (pairs: Array<{ off: number; on: number }>) => change(1, median(pairs.map((p) => p.on / Math.max(1e-9, p.off))));

/** "+4.1 %": how much `on` is above `off`. */
export const change = (off: number, on: number) => `${on >= off ? '+' : ''}${(((on - off) / Math.max(1e-9, off)) * 100).toFixed(1)} %`;

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
