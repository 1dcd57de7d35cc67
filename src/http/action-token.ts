import type Koa from 'koa';
import { ACTION_TOKEN_HEADER, spendActionToken, type ActionTokenProof, type GovernedAction } from '../auth/action-tokens';
import type { Caller } from '../auth/caller';
import type { Services } from '../services';

/**
 * Spends the action token the request carries in `X-Action-Token` (src/auth decides; this only reads the
 * header). The pipeline calls it for routes that declare `actionToken`; handlers of conditionally governed
 * actions (granting enterprise-admin) call it with their input.
 */
export function requireActionToken(
  input: { services: Pick<Services, 'sql'>; ctx: Koa.Context; caller: Caller },
  action: GovernedAction,
  resourceRef: string,
): Promise<ActionTokenProof> {
  const presented = input.ctx.get(ACTION_TOKEN_HEADER) || undefined;
  return spendActionToken({ sql: input.services.sql, caller: input.caller, presented, requestId: input.ctx.state.requestId ?? null }, action, resourceRef);
}
