import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type Koa from 'koa';
import { AppError, ERROR_CODES, ERROR_REASONS, type ErrorCode } from '../errors';
import { COMPILED, PREBUILT_REDOC_BUNDLE } from '../root';
import { consolePolicy } from './console';
import { PROBLEM_TYPE_BASE } from './problem';

/**
 * The hosted API reference: Redoc's standalone bundle, served from this deployment (no CDN), reading
 * this deployment's /openapi.json; and one page per error code, which the problem `type` URLs point to.
 */

const PREFIX = '/docs';

/** What each error code means for a client: the pages under /docs/problems/ (the table in src/errors.ts gives status and title). */
const MEANINGS: Record<ErrorCode, string> = {
  EdgeBadRequest:
    'The request is malformed or a field is invalid: an unknown or missing field, a wrong type, a value out of range, a bad page token. `errors[]` locates each problem with a JSON pointer into the request (`/body/amount/value`, `/query/page_size`). Fix the request; sending it again unchanged fails again.',
  Unauthorized:
    'No valid bearer token: missing, malformed, expired or revoked. The answer carries a `WWW-Authenticate: Bearer` challenge. Get a new token from POST /oauth/token and retry.',
  EdgeForbidden:
    "The caller is authenticated but holds no grant of the route's permission at the object's scope, or the action is refused by policy (`reason` says which, e.g. `policy_denied`, `privilege_escalation`). Retrying does not help; grant the permission or change the request.",
  ForbiddenCapabilityScope:
    'The route needs a capability (conversions, ramps, webhooks…) that is not enabled at the scope the request acts on. An administrator enables it with PUT /clients/{client_id}/capabilities/{capability_name}.',
  EdgeNotFound:
    'No such route, or no such object for this caller: an object in another enterprise, or outside every scope where the caller may read it, is 404 as if it did not exist.',
  EdgeMethodNotAllowed: 'The path exists but not with this method; the `Allow` header lists the methods it takes.',
  EdgeConflict:
    "The object's state does not allow the action (a transfer already executed, a closed client, a name taken…). `reason` names the state or the clash, e.g. `withdrawal_executed`, `email_taken`. Read the object again before deciding what to do.",
  EdgeGone: 'The object or its enterprise is closed for good (terminal): it can be read but nothing under it changes any more.',
  EdgePreconditionFailed:
    'The `If-Match` header names a version of the object that is no longer current: someone changed it since you read it. Read it again (new `ETag`), reapply your change and send it with the new ETag. Nothing changed.',
  EdgeExpectationFailed: 'The request carried an `Expect` header other than `100-continue`, the only expectation the server meets. Send it without the header.',
  EdgePayloadTooLarge: 'The request body is over the limit (1 MiB for JSON). Split the request, e.g. a batch into several.',
  EdgeUriTooLong: 'The request-target (the path and query of the request line) is longer than the 8 KiB the server accepts. Shorten the query: fewer or shorter parameters.',
  EdgeUnsupportedMediaType: 'The request body is not in a content type the route takes (`application/json` unless the route says otherwise).',
  EdgeRequestTimeout: 'The request did not arrive completely in time; the connection is closed. Send it again (with the same `Idempotency-Key` for a money movement).',
  EdgeRequestHeaderFieldsTooLarge: 'The request line and headers exceed what the server reads (16 KiB). Shorten the URL or the headers.',
  EdgeUnprocessable:
    'The request is well-formed but cannot be carried out as asked: insufficient funds, an amount below the minimum, an expired quote, an `Idempotency-Key` reused with another request. `reason` and `errors[]` say which field and why.',
  EdgeActionTokenRequired:
    'A governed action needs an action token: ask POST /action-tokens for one bound to this action and object, and send it in `X-Action-Token`. `reason` is `action_token_required` or `action_token_invalid`.',
  EdgeRateLimited:
    'Too many requests for this caller. Wait for the seconds in `Retry-After` (the `RateLimit` headers say how much is left), then retry; a money movement keeps its `Idempotency-Key`.',
  EdgeInternal:
    'A fault on our side; it is logged under the `request_id` of the answer. Retry later (a money movement with the same `Idempotency-Key`: an attempt that committed replays its answer), and quote the request id if it persists.',
  EdgeBadGateway:
    'A provider Counterfoil depends on for this request (a connector: bank, custodian, price feed) failed or answered something invalid. `reason` says which kind, e.g. `provider_failed`. Retry later.',
  TemporarilyUnavailable:
    'The service cannot answer right now (the database connection was lost, a dependency is restarting). Retry after `Retry-After` seconds with the same `Idempotency-Key`.',
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Backticked words become <code>: the meanings above are written like the rest of the docs. */
const inline = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>');

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Counterfoil API</title>
<link rel="stylesheet" href="${PREFIX}/assets/problems.css">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function problemPage(code: ErrorCode): string {
  const { status, title } = ERROR_CODES[code];
  return page(
    `${code}: ${title}`,
    `<nav><a href="${PREFIX}/">API reference</a> › <a href="${PREFIX}/problems/">Problems</a></nav>
<h1 id="code">${escapeHtml(code)}</h1>
<p class="title">${escapeHtml(title)} · HTTP ${status}</p>
<p>${inline(MEANINGS[code])}</p>
<h2>The answer</h2>
<p>An <code>application/problem+json</code> body (RFC 9457) with <code>type</code> <code>${escapeHtml(PROBLEM_TYPE_BASE + code)}</code>,
<code>status</code> ${status}, <code>code</code> <code>${escapeHtml(code)}</code>, a human <code>detail</code>, the <code>request_id</code>,
<code>errors[]</code> (a JSON pointer and a detail per refused field) and a <code>reason</code>: the narrowest cause that applies, else <code>${escapeHtml(ERROR_CODES[code].reason)}</code>.
Branch on <code>code</code> and <code>reason</code>, never on <code>detail</code>.</p>
`,
  );
}

function problemIndex(): string {
  const rows = (Object.keys(ERROR_CODES) as ErrorCode[])
    .map((code) => `<tr><td><a href="${PREFIX}/problems/${code}">${code}</a></td><td>${ERROR_CODES[code].status}</td><td>${escapeHtml(ERROR_CODES[code].title)}</td></tr>`)
    .join('\n');
  return page(
    'Problems',
    `<nav><a href="${PREFIX}/">API reference</a></nav>
<h1>Problems</h1>
<p>Every refusal of the tenant API is an RFC 9457 problem; its <code>type</code> is the page of its <code>code</code> here.</p>
<table><thead><tr><th>code</th><th>status</th><th>title</th></tr></thead><tbody>
${rows}
</tbody></table>
<h2 id="reasons">Reasons</h2>
<p>A <code>reason</code> narrows a code: ${ERROR_REASONS.map((r) => `<code>${r}</code>`).join(', ')}.</p>
`,
  );
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1d2433;background:#fff}
main{max-width:46rem;margin:2rem auto;padding:0 1rem}
nav{font-size:.9rem;margin-bottom:1rem}
a{color:#1f5fbf}
code{font:.9em ui-monospace,monospace;background:#f1f3f7;padding:.05em .3em;border-radius:3px}
.title{font-size:1.2rem;color:#4a5468}
table{border-collapse:collapse}
td,th{text-align:left;padding:.25rem .75rem .25rem 0;border-bottom:1px solid #e3e6ec}
`;

/** Reads the element's data attributes: no inline script, and the style nonce of this very response. */
const INIT = `(function () {
  var el = document.getElementById('redoc');
  // Search runs in a blob: worker, which the policy does not allow.
  Redoc.init(el.getAttribute('data-spec-url'), { nonce: el.getAttribute('data-nonce'), disableSearch: true, expandResponses: '200,201,202' }, el);
})();
`;

const REDOCLY_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#1f5fbf"/></svg>';

/**
 * The two <style> elements Redoc's bundle (2.5.4) adds as it loads, before Redoc.init can hand it the
 * nonce: an empty one, and a fixed stylesheet. Allowed by their hashes; test/browser/docs.test.ts fails
 * when an update of the bundle changes them.
 */
const BUNDLE_STYLE_HASHES = ["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='", "'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='"];

interface Asset {
  body: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
}

const asset = (body: Buffer | string, type: string): Asset => {
  const bytes = Buffer.from(body);
  return { body: bytes, type, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"` };
};

/** The reference's policy is the console's, plus a per-response nonce (and two hashes) for the styles Redoc injects at run time. */
export function docsPolicy(nonce?: string): string {
  return consolePolicy([])
    .split('; ')
    .map((d) => (d === "style-src 'self'" && nonce ? `${d} 'nonce-${nonce}' ${BUNDLE_STYLE_HASHES.join(' ')}` : d === "form-action 'self'" ? "form-action 'none'" : d))
    .join('; ');
}

/**
 * Where Redoc's bundle is read from: the compiled API serves the copy `npm run build` made (a production
 * install has no redoc, a development dependency); the sources read the installed package, so an update
 * of it shows at once.
 */
export function redocBundlePath(compiled: boolean = COMPILED): string {
  if (compiled && existsSync(PREBUILT_REDOC_BUNDLE)) return PREBUILT_REDOC_BUNDLE;
  try {
    return require.resolve('redoc/bundles/redoc.standalone.js');
  } catch {
    throw new Error(`The API reference needs ${PREBUILT_REDOC_BUNDLE} (npm run build) or the development dependency redoc`);
  }
}

/** Serves /docs (the reference), /docs/assets/* and /docs/problems/<code>. */
export function docsMiddleware(): Koa.Middleware {
  const assets = new Map<string, () => Asset>();
  const lazy = (make: () => Asset) => {
    let made: Asset | undefined;
    return () => (made ??= make());
  };
  assets.set(
    '/assets/redoc.standalone.js',
    lazy(() => {
      const bundle = readFileSync(redocBundlePath(), 'utf8');
      // The one address the bundle would fetch from elsewhere: the Redocly mark of its "API docs by Redocly" link.
      if (!bundle.includes(REDOCLY_LOGO)) throw new Error(`redoc's bundle no longer names ${REDOCLY_LOGO}: check what it fetches now`);
      return asset(bundle.replace(REDOCLY_LOGO, `${PREFIX}/assets/logo-mini.svg`), 'text/javascript; charset=utf-8');
    }),
  );
  assets.set('/assets/logo-mini.svg', lazy(() => asset(LOGO, 'image/svg+xml')));
  assets.set('/assets/init.js', lazy(() => asset(INIT, 'text/javascript; charset=utf-8')));
  assets.set('/assets/problems.css', lazy(() => asset(STYLE, 'text/css; charset=utf-8')));
  assets.set('/problems/', lazy(() => asset(problemIndex(), 'text/html; charset=utf-8')));
  for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) assets.set(`/problems/${code}`, lazy(() => asset(problemPage(code), 'text/html; charset=utf-8')));

  return async (ctx, next) => {
    if (ctx.path !== PREFIX && !ctx.path.startsWith(`${PREFIX}/`)) return next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Content-Security-Policy', docsPolicy());
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new AppError('EdgeMethodNotAllowed', `${ctx.method} is not allowed on ${ctx.path}.`, { headers: { Allow: 'GET, HEAD' } });
    }
    const rel = ctx.path.slice(PREFIX.length);
    if (rel === '' || rel === '/problems') {
      ctx.status = 308;
      ctx.redirect(`${ctx.path}/`);
      return;
    }
    if (rel === '/') {
      // A fresh nonce per answer: styled-components stamps it on the <style> elements it adds.
      const nonce = randomBytes(18).toString('base64');
      ctx.set('Content-Security-Policy', docsPolicy(nonce));
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Counterfoil tenant API reference</title>
</head>
<body>
<div id="redoc" data-spec-url="/openapi.json" data-nonce="${nonce}"></div>
<script src="${PREFIX}/assets/redoc.standalone.js"></script>
<script src="${PREFIX}/assets/init.js"></script>
</body>
</html>
`;
      return;
    }
    const file = assets.get(rel)?.();
    if (!file) throw new AppError('EdgeNotFound', `No documentation page at ${ctx.path}.`);
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', file.etag);
    ctx.set('Vary', 'Accept-Encoding');
    ctx.type = file.type;
    if (ctx.get('if-none-match') === file.etag) {
      ctx.status = 304;
      return;
    }
    ctx.status = 200;
    if (file.body.length > 1024 && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      file.gzip ??= gzipSync(file.body);
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = file.gzip;
    } else ctx.body = file.body;
  };
}
