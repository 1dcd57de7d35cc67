import { z } from '../../schema/zod';
import { AppError } from '../../errors';
import { pingDatabase } from '../../db/connect';
import { defineRoute } from '../route';

const Health = z.object({ status: z.literal('ok') }).openapi('Health');
const Readiness = z
  .object({ status: z.enum(['ready']), checks: z.object({ postgres: z.literal('ok'), temporal: z.literal('ok') }) })
  .openapi('Readiness');

export const healthzRoute = defineRoute({
  method: 'get',
  path: '/healthz',
  operationId: 'healthz',
  summary: 'Liveness',
  tags: ['Operations'],
  auth: { kind: 'public', reason: 'probe' },
  responses: { 200: { description: 'The process is alive.', schema: Health } },
  handler: async () => ({ body: { status: 'ok' }, headers: { 'Cache-Control': 'no-store' } }),
});

async function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

export const readyzRoute = defineRoute({
  method: 'get',
  path: '/readyz',
  operationId: 'readyz',
  summary: 'Readiness: PostgreSQL and Temporal reachable',
  tags: ['Operations'],
  auth: { kind: 'public', reason: 'probe' },
  responses: { 200: { description: 'Dependencies reachable.', schema: Readiness } },
  errors: ['TemporarilyUnavailable'],
  handler: async ({ services }) => {
    const [pg, temporal] = await Promise.allSettled([within(2000, pingDatabase(services.sql)), within(2000, services.temporal.ping())]);
    const failed = [pg.status === 'rejected' && 'postgres', temporal.status === 'rejected' && 'temporal'].filter(Boolean);
    if (failed.length) {
      throw new AppError('TemporarilyUnavailable', `Not ready: ${failed.join(', ')} unreachable.`, {
        headers: { 'Retry-After': '5' },
        extensions: { checks: { postgres: pg.status === 'fulfilled' ? 'ok' : 'down', temporal: temporal.status === 'fulfilled' ? 'ok' : 'down' } },
      });
    }
    return { body: { status: 'ready', checks: { postgres: 'ok', temporal: 'ok' } }, headers: { 'Cache-Control': 'no-store' } };
  },
});
