import type Koa from 'koa';
import { z } from '../schema/zod';
import type { ErrorCode, ErrorReason } from '../errors';
import type { Permission } from '../auth/permissions';
import type { GovernedAction } from '../auth/action-tokens';
import type { Caller } from '../auth/caller';
import type { Services } from '../services';
import type { ListPager } from '../page-tokens';
import type { Answer, IdempotencyScope } from '../idempotency/store';
import type { RateClass } from '../rate-limiter';

/** The shape of a route without path or query parameters. */
type EmptyShape = Record<never, never>;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call a route. `bearer` routes always declare a permission; the route-table test enforces it. */
export type RouteAuth =
  | { kind: 'bearer'; permission: Permission; capability?: string }
  | { kind: 'public'; reason: string };

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  contentType?: string;
  /** A short sample of a streamed body the example recorder cannot keep (a report built as it is sent): the document's example. */
  sample?: string;
  headers?: Record<string, { description: string; schema?: { type: 'string' | 'integer' } }>;
}

/** A handler's answer is what an Idempotency-Key stores and replays. */
export type HandlerResult<R = unknown> = Answer<R>;

export interface HandlerInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  caller: Caller;
  services: Services;
  /** Page tokens of this route's list, bound to the route and its path parameters. */
  pager: ListPager;
  requestId: string;
  ctx: Koa.Context;
  /** Present when the request carries an Idempotency-Key: money paths record their answer in their own transaction. */
  idempotency?: IdempotencyScope;
}

export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/enterprises/{enterprise_id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: RouteAuth;
  rateClass?: RateClass;
  /** Money movement requires an Idempotency-Key; resource creation accepts one. */
  idempotency?: 'required' | 'optional';
  /**
   * The handler stores the Idempotency-Key answer and the request's audit entry in its own
   * transaction on every successful path (`idempotency.record`): one commit per request, no claim
   * beforehand. For hot money paths.
   */
  answerInTransaction?: boolean;
  /** Sandbox simulators and controls: not mounted (and not documented) outside sandbox mode. */
  sandboxOnly?: boolean;
  /** Mutations of ETag-carrying resources honour If-Match. */
  ifMatch?: boolean;
  /**
   * A read polled for changes (the console's live approval count): its 200 carries an ETag of the body and
   * `Cache-Control: private, no-cache`, and an If-None-Match naming it is 304 without a body.
   */
  conditional?: boolean;
  /** Name of the action-token action this route requires (X-Action-Token). */
  actionToken?: GovernedAction;
  /** The resource a governed request acts on (`service-accounts/<id>`, or one its body names); the action token must be bound to it. */
  actionTokenResource?: (params: z.output<P>, body: z.output<B>) => string;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The body is a file the handler streams from the request itself (`ctx.req`), of one of these media
   * types (415 otherwise): the pipeline neither reads nor validates it, and `body` is undefined.
   */
  upload?: { description: string; /** A short sample file per accepted media type (the document's example). */ samples: Record<string, string> };
  /** Accepted request media types; JSON unless stated. */
  bodyTypes?: Array<'application/json' | 'application/x-www-form-urlencoded'>;
  responses: Record<number, ResponseSpec>;
  /** Problem responses this route documents besides the common ones (401, 429, 500). */
  errors?: ErrorCode[];
  /** Narrower reasons its refusals carry, by code, besides the code's own and the pipeline's (listed in the document's `x-reasons`). */
  reasons?: Partial<Record<ErrorCode, ErrorReason[]>>;
  handler: (input: HandlerInput<z.output<P>, z.output<Q>, z.output<B>>) => Promise<HandlerResult>;
}

/** Identity function that types the handler from the schemas: the schemas are the one source. */
export function defineRoute<P extends z.ZodType = z.ZodObject<EmptyShape>, Q extends z.ZodType = z.ZodObject<EmptyShape>, B extends z.ZodType = z.ZodUndefined>(
  def: RouteDef<P, Q, B>,
): RouteDef {
  return def as unknown as RouteDef;
}
