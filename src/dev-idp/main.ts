/* eslint-disable no-restricted-properties -- its own process, configured by the environment its parent gives it */
import { startDevIdentityProvider } from './provider';

/**
 * The development identity provider as a process of its own (the browser tests run it so; `start`
 * runs it in process). Prints one JSON line `{"issuer": …}` once it listens; stops on SIGTERM/SIGINT.
 * Not a Counterfoil role: its settings are the environment its parent spawns it with, not the configuration.
 */
function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

startDevIdentityProvider({
  host: process.env.DEV_IDP_HOST ?? '127.0.0.1',
  port: Number(process.env.DEV_IDP_PORT ?? '0'),
  stateDir: env('DEV_IDP_STATE_DIR'),
  consoleOrigins: env('DEV_IDP_CONSOLE_ORIGINS').split(','),
  directory: { apiUrl: env('COUNTERFOIL_API_URL'), clientId: env('DEV_IDP_CLIENT_ID'), clientSecret: env('DEV_IDP_CLIENT_SECRET') },
}).then(
  (idp) => {
    process.stdout.write(`${JSON.stringify({ issuer: idp.issuer })}\n`);
    const stop = () => void idp.stop().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  },
  (err) => {
    process.stderr.write(`development identity provider: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
