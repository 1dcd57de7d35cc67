import type Koa from 'koa';
import type { Services } from '../services';
import { createSignedApiApp } from '../signed-api/app';

/** The signed API-key surface (`/v1`, its own port); see src/signed-api/ and docs/signed-api.md. */
export function createSignedApp(services: Services): Koa {
  return createSignedApiApp(services);
}
