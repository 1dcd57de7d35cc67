import Koa from 'koa';
import type { Services } from '../services';
import { requestContext } from './request-context';

/**
 * The signed API-key surface (`/v1`, its own port). Its error body is the seed's
 * `{errorCode, errorLabel, errorDescription}`, not problem+json.
 */
export function createSignedApp(services: Services): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true;
  app.use(requestContext(services, 'signed'));
  app.use(async (ctx) => {
    ctx.status = 404;
    ctx.body = { errorCode: 9404, errorLabel: 'NOT_FOUND', errorDescription: `No route matches ${ctx.method} ${ctx.path}.` };
  });
  return app;
}
