import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type Koa from 'koa';
import { AppError, type ErrorCode } from '../errors';
import { problemBody } from './problem';

/** What Node's HTTP parser refused before the app saw a request: too-long URL or headers, a timeout, anything else malformed. */
export type MalformedKind = 'headers_too_large' | 'timeout' | 'malformed';

/** Renders one refusal in the body shape of the API that owns the server. */
export type MalformedAnswer = (kind: MalformedKind, requestId: string) => { status: number; contentType: string; body: unknown };

const PROBLEMS: Record<MalformedKind, { code: ErrorCode; detail: string }> = {
  headers_too_large: { code: 'EdgeRequestHeaderFieldsTooLarge', detail: 'The request line and headers exceed the 16 KiB the server reads; shorten the URL or the headers.' },
  timeout: { code: 'EdgeRequestTimeout', detail: 'The request was not received in time.' },
  malformed: { code: 'EdgeBadRequest', detail: 'The request is not valid HTTP/1.1.' },
};

/** The tenant API's answer: problem+json, as every other refusal. */
export const problemAnswer: MalformedAnswer = (kind, requestId) => {
  const { code, detail } = PROBLEMS[kind];
  const err = new AppError(code, detail);
  return { status: err.status, contentType: 'application/problem+json', body: problemBody(err, requestId) };
};

/** How long a refused client may go on sending before its connection is closed. */
const LINGER_MS = 5_000;

const answers = new WeakMap<Koa, MalformedAnswer>();

/** An app whose refusals are not problem+json (the signed API) registers its own answer here. */
export function answerMalformedWith(app: Koa, answer: MalformedAnswer): void {
  answers.set(app, answer);
}

function kindOf(err: NodeJS.ErrnoException): MalformedKind {
  if (err.code === 'HPE_HEADER_OVERFLOW') return 'headers_too_large';
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'timeout';
  return 'malformed';
}

/**
 * Replaces Node's bare `431`/`400`/`408` (status line, no body) for requests its parser refuses with
 * the API's own error body. Same conditions as Node's default handler (lib/_http_server.js
 * socketOnError: only while no response on the socket has begun), and the connection is closed afterwards.
 */
export function malformedRequestHandler(app: Koa): (err: NodeJS.ErrnoException, socket: Socket) => void {
  const answer = answers.get(app) ?? problemAnswer;
  const answered = new WeakSet<Socket>();
  return (err, socket) => {
    // Node's parser reports again for every later chunk of a refused request: the answer stands, and
    // destroying now would reset the connection before the client read it.
    if (answered.has(socket)) return;
    // As Node's own handler: answer unless a response on this (kept-alive) socket has begun.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } | null })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    const requestId = randomUUID();
    const kind = kindOf(err);
    const { status, contentType, body } = answer(kind, requestId);
    const payload = Buffer.from(JSON.stringify(body));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n` +
        payload.toString(),
    );
    // Read and drop what the client is still sending: closing with unread bytes would reset the
    // connection, and the client could lose the answer. A client that never stops is cut off.
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}
