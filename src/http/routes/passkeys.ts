import type Koa from 'koa';
import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Timestamp, Uuid } from '../../schema/common';
import { assertionOptions, listPasskeys, presentPasskey, registerPasskey, registrationOptions, deletePasskey, verifyAssertion } from '../../auth/passkeys';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { ActionName, ActionTokenBody, ApprovalBatch, boundResource, issueAnswered } from './action-tokens';

/** The origin the request was sent to: what a WebAuthn answer names when no origins are configured. */
const requestOrigin = (ctx: Koa.Context): string => `${ctx.protocol}://${ctx.host}`;

const PasskeyBody = z
  .object({
    id: Uuid,
    resource: z.literal('passkey'),
    user_ref: z.string(),
    name: z.string(),
    credential_id: z.string().openapi({ description: 'The WebAuthn credential id (base64url).' }),
    transports: z.array(z.string()),
    created_at: Timestamp,
    last_used_at: Timestamp.nullable(),
  })
  .openapi('Passkey');

// The browser's answer as @simplewebauthn/browser (or any WebAuthn JSON serialisation) gives it; the
// verifying library checks its inside, so the schema only fixes the envelope.
const Credential = z
  .object({
    id: z.string().max(1024),
    rawId: z.string().max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
    authenticatorAttachment: z.string().optional(),
  })
  .openapi('WebAuthnCredential', { description: 'A PublicKeyCredential serialised as WebAuthn JSON (base64url fields).' });

const Challenge = z.object({
  challenge_id: Uuid.openapi({ description: 'Name this challenge when answering it; it is single use.' }),
  expires_at: Timestamp,
  public_key: z.record(z.string(), z.unknown()).openapi({ description: 'The options for `navigator.credentials` (WebAuthn JSON), to pass to the browser as they are.' }),
});

const PERSON_ONLY = 'Only people (a user token) hold passkeys: a service account is 403 `human_approval_required`.';
const SELF_ONLY =
  'Only the person, signed in themselves, enrols or removes their passkeys: a service account, or a token a service account obtained or carried for the person, is 403 `human_approval_required`.';

export const listMyPasskeysRoute = defineRoute({
  method: 'get',
  path: '/me/passkeys',
  operationId: 'listMyPasskeys',
  summary: "The caller's passkeys",
  description: 'Passkeys the calling person enrolled, oldest first (empty for a service account). Public keys are never listed.',
  tags: ['Me'],
  auth: { kind: 'bearer', permission: 'me.read' },
  responses: { 200: { description: 'The passkeys.', schema: z.object({ items: z.array(PasskeyBody), next_page_token: z.null() }).openapi('PasskeyList') } },
  handler: async ({ caller, services }) => ({ body: { items: (await listPasskeys(services.sql, caller)).map(presentPasskey), next_page_token: null } }),
});

export const createPasskeyRegistrationOptionsRoute = defineRoute({
  method: 'post',
  path: '/me/passkeys/registration-options',
  operationId: 'createPasskeyRegistrationOptions',
  summary: 'Start enrolling a passkey',
  description: `A registration challenge for the calling person (short lived, single use), and the options to create the credential with. ${SELF_ONLY}`,
  tags: ['Me'],
  auth: { kind: 'bearer', permission: 'me.read' },
  responses: { 201: { description: 'The challenge.', schema: Challenge.openapi('PasskeyRegistrationChallenge') } },
  errors: ['EdgeForbidden'],
  handler: async ({ caller, services }) => ({ status: 201, headers: { 'Cache-Control': 'no-store' }, body: await registrationOptions(services.sql, services.config, caller) }),
});

export const createPasskeyRoute = defineRoute({
  method: 'post',
  path: '/me/passkeys',
  operationId: 'createPasskey',
  summary: 'Enrol a passkey',
  description:
    'Verifies the new credential against the registration challenge (spent whatever the outcome) and stores its public key. ' +
    `An unknown, expired or answered challenge is 403 \`passkey_challenge_invalid\`; an attestation that does not verify 403 \`passkey_not_verified\`. ${SELF_ONLY}`,
  tags: ['Me'],
  auth: { kind: 'bearer', permission: 'me.read' },
  body: z.object({ challenge_id: Uuid, name: z.string().min(1).max(100), credential: Credential }).strict().openapi('PasskeyCreate'),
  responses: { 201: { description: 'The enrolled passkey.', schema: PasskeyBody } },
  errors: ['EdgeForbidden', 'EdgeConflict'],
  handler: async ({ body, caller, services, ctx }) => {
    const row = await registerPasskey(services.sql, services.config, requestOrigin(ctx), caller, {
      challengeId: body.challenge_id,
      name: body.name,
      credential: body.credential as unknown as RegistrationResponseJSON,
    });
    return { status: 201, body: presentPasskey(row) };
  },
});

export const deletePasskeyRoute = defineRoute({
  method: 'delete',
  path: '/me/passkeys/{passkey_id}',
  operationId: 'deletePasskey',
  summary: 'Remove one of your passkeys',
  description: `Another person's passkey, or one that does not exist, is 404. ${SELF_ONLY}`,
  tags: ['Me'],
  auth: { kind: 'bearer', permission: 'me.read' },
  params: z.object({ passkey_id: Uuid }),
  responses: { 200: { description: 'The removed passkey; it no longer answers challenges.', schema: PasskeyBody } },
  errors: ['EdgeNotFound', 'EdgeForbidden'],
  handler: async ({ params, caller, services }) => ({ body: presentPasskey(await deletePasskey(services.sql, caller, params.passkey_id)) }),
});

export const createPasskeyChallengeRoute = defineRoute({
  method: 'post',
  path: '/action-tokens/passkey-challenges',
  operationId: 'createActionTokenPasskeyChallenge',
  summary: 'Ask for a passkey challenge bound to a governed action',
  description:
    'The first half of getting an action token with a passkey: a challenge bound to the action and its resource (as POST /action-tokens takes them), ' +
    'answerable once, within COUNTERFOIL_PASSKEY_CHALLENGE_TTL_SECONDS (default 120), by one of the caller\'s passkeys. ' +
    `Without an enrolled passkey it is 409 \`passkey_not_enrolled\`. ${PERSON_ONLY}`,
  tags: ['Tokens'],
  auth: { kind: 'bearer', permission: 'action_tokens.create' },
  body: z
    .object({ action: ActionName, resource_ref: z.string().regex(/^[a-z][a-z-]*\/[0-9a-f-]{36}$/, 'must be a <collection>/<id> reference').optional(), batch: ApprovalBatch.optional() })
    .strict()
    .openapi('PasskeyChallengeCreate'),
  responses: {
    201: {
      description: 'The challenge.',
      schema: Challenge.extend({ action: ActionName, resource_ref: z.string() }).openapi('PasskeyAssertionChallenge'),
    },
  },
  errors: ['EdgeForbidden', 'EdgeConflict'],
  handler: async ({ body, caller, services }) => ({
    status: 201,
    headers: { 'Cache-Control': 'no-store' },
    body: await assertionOptions(services.sql, services.config, caller, { action: body.action, resourceRef: boundResource(body) }),
  }),
});

export const createActionTokenWithPasskeyRoute = defineRoute({
  method: 'post',
  path: '/action-tokens/passkey',
  operationId: 'createActionTokenWithPasskey',
  summary: 'Issue an action token from a passkey assertion',
  description:
    'Verifies the assertion against its challenge (spent whatever the outcome: a replayed assertion is 403 `passkey_challenge_invalid`) and the caller\'s passkey, ' +
    'then issues the same action token as POST /action-tokens, bound to the action and resource the challenge was bound to. ' +
    'While the enterprise\'s `passkey_step_up` is on, this is the only way to an action token for deciding approvals and creating API keys. ' +
    `An assertion that does not verify is 403 \`passkey_not_verified\`. ${PERSON_ONLY}`,
  tags: ['Tokens'],
  auth: { kind: 'bearer', permission: 'action_tokens.create' },
  body: z.object({ challenge_id: Uuid, credential: Credential }).strict().openapi('PasskeyAssertion'),
  responses: { 201: { description: 'The action token (the token itself only in this answer).', schema: ActionTokenBody } },
  errors: ['EdgeForbidden'],
  handler: async ({ body, caller, services, ctx }) => {
    const bound = await verifyAssertion(services.sql, services.config, requestOrigin(ctx), caller, {
      challengeId: body.challenge_id,
      credential: body.credential as unknown as AuthenticationResponseJSON,
    });
    return issueAnswered(services, ctx, caller, { action: bound.action, resourceRef: bound.resourceRef, ttlSeconds: services.config.actionTokenTtlSeconds, proof: 'passkey' });
  },
});

export const passkeyRoutes: RouteDef[] = [
  listMyPasskeysRoute,
  createPasskeyRegistrationOptionsRoute,
  createPasskeyRoute,
  deletePasskeyRoute,
  createPasskeyChallengeRoute,
  createActionTokenWithPasskeyRoute,
];
