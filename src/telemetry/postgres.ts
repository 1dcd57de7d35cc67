import type postgres from 'postgres';
import { tracing } from './index';

/** The parts of a postgres.js Query (node_modules/postgres/cjs/src/query.js) a span needs. */
interface PendingQuery {
  executed: boolean;
  strings: string[] | string;
  statement: { string?: string } | null;
  cursorFn?: unknown;
  resolve(value: unknown): void;
  reject(err: unknown): void;
  handle(): Promise<void>;
}

const MAX_STATEMENT = 2048;
let patched = false;

/**
 * A client span per postgres.js query run inside a traced request or activity. postgres.js has no
 * hooks, so its Query class (shared by every client of the process) is wrapped once, where a query
 * starts executing: fragments never execute, and a query's promise settles through resolve/reject.
 * The statement is recorded with its $n placeholders, never its parameters.
 */
export function tracePostgres(sql: postgres.Sql): void {
  const r = tracing();
  if (!r || patched) return;
  patched = true;
  const { api, tracer } = r;
  const proto = Object.getPrototypeOf(sql`select 1`) as PendingQuery;
  const handle = proto.handle;
  proto.handle = function (this: PendingQuery) {
    // Cursors replace resolve/reject per batch: left untraced.
    if (this.executed || this.cursorFn || !api.trace.getActiveSpan()) return handle.call(this);
    const span = tracer.startSpan('postgres.query', { kind: api.SpanKind.CLIENT, attributes: { 'db.system': 'postgresql' } });
    const { resolve, reject } = this;
    const end = () => {
      const text = this.statement?.string ?? (Array.isArray(this.strings) ? this.strings.join('?') : this.strings);
      span.setAttribute('db.statement', text.length > MAX_STATEMENT ? text.slice(0, MAX_STATEMENT) : text);
      span.updateName(text.trimStart().split(/\s/, 1)[0]!.toUpperCase() || 'postgres.query');
      span.end();
    };
    this.resolve = (value) => {
      end();
      resolve(value);
    };
    this.reject = (err) => {
      span.recordException(err as Error);
      span.setStatus({ code: api.SpanStatusCode.ERROR });
      end();
      reject(err);
    };
    return handle.call(this);
  };
}
