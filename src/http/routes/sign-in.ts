import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Ref, Uuid } from '../../schema/common';
import { consoleSignInProviders } from '../../domain/identity-providers/providers';

/** What the console asks the person's identity provider for: an ID token with the claims that find the user. */
export const CONSOLE_SCOPE = 'openid email profile';

const SignInProviderBody = z
  .object({
    id: Uuid,
    display_name: z.string(),
    issuer: z.string().openapi({ description: 'OpenID Connect issuer: its discovery document is at `<issuer>/.well-known/openid-configuration`.' }),
    client_id: z.string().openapi({ description: 'The console\'s client id at the provider (the provider\'s `audience`): a public client using authorization code + PKCE.' }),
    scope: z.string().openapi({ example: CONSOLE_SCOPE }),
  })
  .openapi('SignInProvider');

export const listSignInProvidersRoute = defineRoute({
  method: 'get',
  path: '/sign-in-providers',
  operationId: 'listSignInProviders',
  summary: 'Where people of an enterprise sign in to the console',
  description:
    'Public: the active identity providers of the enterprise with `console_sign_in` true, for the console\'s sign-in page. ' +
    'An unknown enterprise and one without such a provider give the same empty list. The ID token the provider returns is exchanged at POST /oauth/token without a client secret (`audience=enterprises/<id>`).',
  tags: ['Tokens'],
  auth: { kind: 'public', reason: 'the console shows where to sign in before anyone has signed in' },
  query: z.object({ enterprise_ref: Ref('enterprises').openapi({ param: { name: 'enterprise_ref', in: 'query' } }) }).strict(),
  responses: { 200: { description: 'The providers.', schema: z.object({ items: z.array(SignInProviderBody) }).openapi('SignInProviderList') } },
  handler: async ({ query, services }) => {
    const providers = await consoleSignInProviders(services.orm.em.fork(), query.enterprise_ref.slice('enterprises/'.length));
    return {
      body: { items: providers.map((p) => ({ id: p.id, display_name: p.displayName, issuer: p.issuer, client_id: p.audience, scope: CONSOLE_SCOPE })) },
    };
  },
});

export const signInRoutes: RouteDef[] = [listSignInProvidersRoute];
