import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { UserDirectory, type DirectoryCredentials, type DirectoryUser } from './directory';
import { DEV_CONSOLE_CLIENT_ID } from './setup';

export interface DevIdentityProviderOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Keys and cookie secrets are kept here, so a restart keeps sessions and the registered keys valid. */
  stateDir: string;
  /** Origins of consoles allowed to sign in (each gets `<origin>/console/callback` and `<origin>/console/`). */
  consoleOrigins: string[];
  directory: DirectoryCredentials;
}

export interface DevIdentityProvider {
  issuer: string;
  stop(): Promise<void>;
}

interface State {
  jwk: Record<string, unknown>;
  cookieKeys: string[];
}

/** A persistent RS256 signing key and cookie secret for the provider. */
async function loadState(dir: string): Promise<State> {
  const file = path.join(dir, 'dev-idp.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as State;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const state: State = {
    jwk: { ...(await exportJWK(privateKey)), kid: `dev-${randomBytes(6).toString('hex')}`, use: 'sig', alg: 'RS256' },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(state), { mode: 0o600 });
  return state;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Plain pages with their own small stylesheet: nothing is fetched from elsewhere. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px #0002}
h1{font-size:1.3rem;margin-top:0}p.note{color:#4a5263;font-size:.9rem}ul{list-style:none;padding:0}li{margin:.5rem 0}
button{width:100%;text-align:left;padding:.75rem 1rem;border:1px solid #c5cad3;border-radius:6px;background:#fff;font:inherit;cursor:pointer}
button:hover,button:focus{border-color:#2453d4;outline:2px solid #2453d4}.who{font-weight:600}.meta{display:block;color:#4a5263;font-size:.85rem}
.cancel{margin-top:1rem;text-align:center}
</style></head><body><main>${body}</main></body></html>`;
}

function signInPage(uid: string, users: DirectoryUser[]): string {
  const items = users.length
    ? users
        .map(
          (u) => `<li><form method="post" action="/interaction/${escape(uid)}/login"><input type="hidden" name="user_id" value="${escape(u.id)}">
<button type="submit"><span class="who">${escape(u.displayName)}</span><span class="meta">${escape(u.email)}${u.roles.length ? ` · ${escape(u.roles.join(', '))}` : ''}</span></button></form></li>`,
        )
        .join('')
    : '<li>The enterprise has no active users yet: create one with POST /users.</li>';
  return page(
    'Sign in — Counterfoil development identity provider',
    `<h1>Sign in to Counterfoil</h1><p class="note">Development identity provider (sandbox only): choose who you are. No password is asked.</p>
<ul aria-label="Users">${items}</ul>
<form class="cancel" method="post" action="/interaction/${escape(uid)}/abort"><button type="submit" style="text-align:center">Cancel</button></form>`,
  );
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

/**
 * A development OpenID Connect provider (oidc-provider, an OpenID-certified library) whose sign-in
 * page lists the enterprise's users: authorization code + PKCE for the console, ID tokens with a
 * verified e-mail so the token exchange links each user on first sign-in. Sandbox only.
 */
export async function startDevIdentityProvider(opts: DevIdentityProviderOptions): Promise<DevIdentityProvider> {
  const state = await loadState(opts.stateDir);
  const directory = new UserDirectory(opts.directory);
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: DEV_CONSOLE_CLIENT_ID,
        client_name: 'Counterfoil console',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: opts.consoleOrigins.map((o) => `${o}/console/callback`),
        post_logout_redirect_uris: opts.consoleOrigins.map((o) => `${o}/console/`),
      },
    ],
    jwks: { keys: [state.jwk as never] },
    cookies: { keys: state.cookieKeys },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The ID token itself carries e-mail and name: it is all Counterfoil's token exchange sees.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = page('Sign out', `<h1>Sign out of the development identity provider?</h1>${form}<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>`);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = page('Signed out', '<h1>You are signed out.</h1>');
        },
      },
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<h1>Sign-in failed</h1><p>${escape(String(out.error_description ?? out.error))}</p>`);
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const user = await directory.user(sub);
      if (!user) return undefined;
      return { accountId: user.id, claims: async () => ({ sub: user.id, email: user.email, email_verified: true, name: user.displayName }) };
    },
    // The console is this provider's own first-party client: no consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const clientId = ctx.oidc.client!.clientId;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    // The console's origin may call the token endpoint from the browser; nobody else.
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris!.some((uri) => new URL(uri).origin === origin),
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600 },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(req.url ?? '');
    if (!match) return void callback(req, res);
    const fail = (err: unknown) => {
      res.statusCode = 400;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(page('Sign-in error', `<h1>Sign-in failed</h1><p>${escape(err instanceof Error ? err.message : String(err))}</p>`));
    };
    (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== match[1]) throw new Error('This sign-in page has expired; start again from the console.');
      if (req.method === 'GET' && !match[2]) {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(signInPage(details.uid, await directory.users()));
      } else if (req.method === 'POST' && match[2] === '/login') {
        const user = await directory.user((await readForm(req)).get('user_id') ?? '');
        if (!user) throw new Error('No such active user.');
        await provider.interactionFinished(req, res, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
      } else if (req.method === 'POST' && match[2] === '/abort') {
        await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person cancelled the sign-in.' }, { mergeWithLastSubmission: false });
      } else {
        res.statusCode = 405;
        res.end();
      }
    })().catch(fail);
  });

  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
