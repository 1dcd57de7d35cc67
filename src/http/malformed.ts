import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type Koa from 'koa';
import { AppError, type ErrorCode, type ErrorReason } from '../errors';
import { problemBody } from './problem';

/**
 * What the server refuses before the app sees a request: a request-target over MAX_REQUEST_TARGET, what Node's
 * parser refused (a request line and headers over its 16 KiB, a timeout, anything else malformed), an HTTP/1.1
 * request without `Host`, an `Expect` other than `100-continue`, and `CONNECT` (no route tunnels).
 */
export type MalformedKind = 'uri_too_long' | 'headers_too_large' | 'timeout' | 'malformed' | 'host_missing' | 'expectation' | 'connect';

/** The longest request-target (path and query) the servers take: RFC 9110, section 4.1, asks every recipient for at least 8000 octets. */
export const MAX_REQUEST_TARGET = 8 * 1024;

/** Renders one refusal in the body shape of the API that owns the server. */
export type MalformedAnswer = (kind: MalformedKind, requestId: string) => { status: number; contentType: string; body: unknown };

const PROBLEMS: Record<MalformedKind, { code: ErrorCode; detail: string; reason: ErrorReason }> = {
  uri_too_long: { code: 'EdgeUriTooLong', detail: 'The request-target exceeds the 8 KiB the server accepts; shorten the path or the query.', reason: 'uri_too_long' },
  headers_too_large: { code: 'EdgeRequestHeaderFieldsTooLarge', detail: 'The request line and headers exceed the 16 KiB the server reads; shorten the URL or the headers.', reason: 'headers_too_large' },
  timeout: { code: 'EdgeRequestTimeout', detail: 'The request was not received in time.', reason: 'request_timeout' },
  malformed: { code: 'EdgeBadRequest', detail: 'The request is not valid HTTP/1.1.', reason: 'malformed_request' },
  host_missing: { code: 'EdgeBadRequest', detail: 'An HTTP/1.1 request must carry a Host header (RFC 9112, section 3.2).', reason: 'host_header_required' },
  expectation: { code: 'EdgeExpectationFailed', detail: 'The only expectation the server meets is Expect: 100-continue.', reason: 'expectation_unsupported' },
  connect: { code: 'EdgeMethodNotAllowed', detail: 'CONNECT is not allowed: the server tunnels nothing.', reason: 'method_not_allowed' },
};

/** The tenant API's answer: problem+json, as every other refusal. */
export const problemAnswer: MalformedAnswer = (kind, requestId) => {
  const { code, detail, reason } = PROBLEMS[kind];
  const err = new AppError(code, detail, { reason });
  return { status: err.status, contentType: 'application/problem+json', body: problemBody(err, requestId) };
};

/** How long a refused client may go on sending before its connection is closed. */
const LINGER_MS = 5_000;

const answers = new WeakMap<Koa, MalformedAnswer>();

/** An app whose refusals are not problem+json (the signed API) registers its own answer here. */
export function answerMalformedWith(app: Koa, answer: MalformedAnswer): void {
  answers.set(app, answer);
}

/** A parser error as Node hands it to `clientError`: the read it stopped in, and how far into it. */
type ParserError = NodeJS.ErrnoException & { rawPacket?: unknown; bytesParsed?: number };

function kindOf(err: ParserError): MalformedKind {
  if (err.code === 'HPE_HEADER_OVERFLOW') return overflowedOnTheTarget(err) ? 'uri_too_long' : 'headers_too_large';
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'timeout';
  return 'malformed';
}

/** A request line: a method token, a space and the target; a header line has a colon before any space. */
const REQUEST_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ ([^ ]*)/;

/**
 * Whether the parser's 16 KiB ran out on the request-target, or on headers after a target over
 * MAX_REQUEST_TARGET: Node tells neither, so it is read from the bytes of the read the parser stopped in. A
 * request line that began in an earlier read (a target over 16 KiB sent in pieces) is not there, and counts as headers.
 */
function overflowedOnTheTarget(err: ParserError): boolean {
  if (!Buffer.isBuffer(err.rawPacket)) return false;
  const lines = err.rawPacket.toString('latin1', 0, err.bytesParsed ?? err.rawPacket.length).split('\n');
  // Back from where the parser stopped to this request's line; an empty line ends an earlier request's head.
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i].replace(/\r$/, '');
    const target = REQUEST_LINE.exec(line)?.[1];
    if (target !== undefined) return i === lines.length - 1 || target.length > MAX_REQUEST_TARGET;
    if (line === '' && i < lines.length - 1) return false;
  }
  return false;
}

/**
 * Replaces Node's bare `431`/`400`/`408` (status line, no body) for requests its parser refuses with
 * the API's own error body (414 when the request-target is what overran the parser's limit). Same conditions
 * as Node's default handler (lib/_http_server.js socketOnError: only while no response on the socket has
 * begun), and the connection is closed afterwards.
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
    answerOnSocket(socket, answer, kindOf(err));
  };
}

/** Writes the refusal on a socket no response owns, then closes it. */
function answerOnSocket(socket: Socket, answer: MalformedAnswer, kind: MalformedKind): void {
  const requestId = randomUUID();
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
}

/** Answers the refusal on a parsed request's response, and closes the connection after it unless `keepAlive`. */
function answerOnResponse(res: ServerResponse, answer: MalformedAnswer, kind: MalformedKind, keepAlive = false): void {
  const requestId = randomUUID();
  const { status, contentType, body } = answer(kind, requestId);
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': payload.length, 'X-Request-Id': requestId, ...(keepAlive ? {} : { Connection: 'close' }) });
  res.end(payload);
}

/**
 * What Node would otherwise answer itself, bare or not at all: Host is required by the request handler
 * below (Node's own check answers a bare 400), an unmet `Expect` gets the API's 417, and `CONNECT`
 * (which Node hands only to a `connect` listener, else closes the socket) its 405.
 */
export function refuseBeforeTheApp(server: Server, app: Koa): void {
  const answer = answers.get(app) ?? problemAnswer;
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => answerOnResponse(res, answer, 'expectation'));
  server.on('connect', (_req: IncomingMessage, socket: Socket) => answerOnSocket(socket, answer, 'connect'));
}

/**
 * The app's handler, with what every request's head must meet checked first: HTTP/1.1's Host (the server runs
 * with requireHostHeader off) and a request-target within MAX_REQUEST_TARGET.
 */
export function checkingRequestHead(app: Koa, handler: (req: IncomingMessage, res: ServerResponse) => void): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) answerOnResponse(res, answers.get(app) ?? problemAnswer, 'host_missing');
    // Well-formed HTTP: the connection stays, and Node reads past the body of a request the app never saw.
    else if ((req.url ?? '').length > MAX_REQUEST_TARGET) answerOnResponse(res, answers.get(app) ?? problemAnswer, 'uri_too_long', true);
    else handler(req, res);
  };
}
