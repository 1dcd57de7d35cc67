import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type Koa from 'koa';
import type { Config } from '../config';
import { AppError } from '../errors';

/** What the API process knows and the console needs before anyone signs in (served as /console/config.json). */
export interface ConsoleOptions {
  /** Temporal Web UI to link workflows to; null hides the links. */
  temporalUiUrl?: string | null;
  /** Identity providers' origins besides the configured ones (the sandbox's development provider). */
  identityOrigins?: string[];
}

interface StaticFile {
  body: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  type: string;
  etag: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);
const PREFIX = '/console';
/** Vite names built assets by content hash: a URL never changes its bytes, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Reads the built console once, compressing text files (gzip and brotli) so no request pays for it. */
function loadFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (sub: string) => {
    for (const name of readdirSync(path.join(dir, sub))) {
      if (name.startsWith('.')) continue; // the build's own bookkeeping (.source-hash)
      const rel = path.posix.join(sub, name);
      const full = path.join(dir, rel);
      if (statSync(full).isDirectory()) walk(rel);
      else {
        const ext = path.extname(name);
        const body = readFileSync(full);
        const compress = COMPRESSIBLE.has(ext) && body.length > 512;
        files.set(`/${rel}`, {
          body,
          gzip: compress ? gzipSync(body, { level: 9 }) : null,
          br: compress ? brotliCompressSync(body) : null,
          type: TYPES[ext] ?? 'application/octet-stream',
          etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
        });
      }
    }
  };
  walk('');
  return files;
}

/** The console's Content-Security-Policy: its own scripts and styles only, API calls to itself and to the identity providers. */
export function consolePolicy(identityOrigins: string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${identityOrigins.map((o) => ` ${o}`).join('')}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function send(ctx: Koa.Context, file: StaticFile, cacheControl: string): void {
  ctx.set('Cache-Control', cacheControl);
  ctx.set('ETag', file.etag);
  ctx.set('Vary', 'Accept-Encoding');
  ctx.type = file.type;
  if (ctx.get('if-none-match') === file.etag) {
    ctx.status = 304;
    return;
  }
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  ctx.status = 200;
  if (encoding === 'br' && file.br) {
    ctx.set('Content-Encoding', 'br');
    ctx.body = file.br;
  } else if (encoding === 'gzip' && file.gzip) {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = file.gzip;
  } else ctx.body = file.body;
}

/**
 * Serves the built web console under /console: hashed assets cached for good, every other path the
 * single-page app's index.html (revalidated), all with a strict CSP and no inline script.
 */
export function consoleMiddleware(config: Pick<Config, 'consoleDir' | 'consoleIdentityOrigins' | 'temporalNamespace' | 'mode'>, options: ConsoleOptions = {}): Koa.Middleware {
  let files: Map<string, StaticFile> | null = null;
  const policy = consolePolicy([...new Set([...config.consoleIdentityOrigins, ...(options.identityOrigins ?? [])])]);
  const settings = Buffer.from(
    JSON.stringify({ temporal_ui_url: options.temporalUiUrl ?? null, temporal_namespace: config.temporalNamespace, mode: config.mode }),
  );
  const settingsFile: StaticFile = { body: settings, gzip: null, br: null, type: TYPES['.json'], etag: `"${createHash('sha256').update(settings).digest('base64url').slice(0, 22)}"` };

  return async (ctx, next) => {
    if (ctx.path !== PREFIX && !ctx.path.startsWith(`${PREFIX}/`)) return next();
    ctx.set('Content-Security-Policy', policy);
    ctx.set('X-Content-Type-Options', 'nosniff');
    // The sign-in callback URL carries an authorization code: never send it on as a referrer.
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new AppError('EdgeMethodNotAllowed', `${ctx.method} is not allowed on ${ctx.path}.`, { headers: { Allow: 'GET, HEAD' } });
    }
    if (ctx.path === PREFIX) {
      ctx.status = 308;
      ctx.redirect(`${PREFIX}/${ctx.querystring ? `?${ctx.querystring}` : ''}`);
      return;
    }
    const rel = ctx.path.slice(PREFIX.length);
    if (rel === '/config.json') return send(ctx, settingsFile, 'no-cache');
    if (!files) {
      if (!existsSync(path.join(config.consoleDir, 'index.html'))) {
        throw new AppError('TemporarilyUnavailable', 'The web console is not built: run `npm run build:console`.');
      }
      files = loadFiles(config.consoleDir);
    }
    const file = files.get(rel);
    if (file && rel.startsWith('/assets/')) return send(ctx, file, IMMUTABLE);
    if (file && rel !== '/index.html') return send(ctx, file, 'no-cache');
    // A missing asset is a 404, not the app: a stale page asking for an old chunk must fail visibly.
    if (rel.startsWith('/assets/') || path.extname(rel)) throw new AppError('EdgeNotFound', `No console file at ${ctx.path}.`);
    return send(ctx, files.get('/index.html')!, 'no-cache');
  };
}
