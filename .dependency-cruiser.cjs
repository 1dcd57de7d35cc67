/**
 * The layering rules `npm run lint:deps` enforces (and `npm test` runs first): HTTP → domain →
 * ledger/db, workflows below nothing but their contracts, no cycles; in the console, shared → features → app. Paths are relative to the
 * repository root; a test cruises test/fixtures/layering with this same file to prove the rules bite.
 * @type {import('dependency-cruiser').IConfiguration}
 */

/** What a workflow may load at run time: the bundle holds these and nothing else of ours. */
const WORKFLOW_SAFE = [
  '^workflows/',
  '^src/domain/[^/]+/messages[.]ts$',
  '^src/temporal/search-attributes[.]ts$',
  '(^|/)node_modules/@temporalio/(workflow|common)/',
];

module.exports = {
  forbidden: [
    {
      name: 'below-http',
      severity: 'error',
      comment: 'The domain, ledger, auth, events and db layers sit below HTTP: move what they need out of src/http (src/schema, src/idempotency, …).',
      from: { path: '^src/(domain|ledger|auth|events|db|schema|idempotency)/' },
      to: { path: '^src/http/' },
    },
    {
      name: 'no-koa-outside-http',
      severity: 'error',
      comment:
        'Only src/http knows the request: Koa (and its types) stay there, and what the layers below need of a request ' +
        '(a presented token, an origin, an audit entry) is read by the pipeline and handed down as plain values.',
      from: { path: '^(src|workflows|activities|migrations|connectors)/', pathNot: '^src/http/' },
      to: { path: '(^|/)node_modules/(koa|koa-[^/]+|@koa/[^/]+|@types/koa[^/]*)/' },
    },
    {
      name: 'ledger-below-domain',
      severity: 'error',
      comment: 'The ledger is below the domain: it knows accounts, entries and holds, not the operations that book them.',
      from: { path: '^src/ledger/' },
      to: { path: '^src/domain/' },
    },
    {
      name: 'infrastructure-below-domain',
      severity: 'error',
      comment:
        'auth, events, db, temporal, config and providers serve the domain and never call it: a use case they need moves into ' +
        'src/domain, and what the domain owns (the entity list, the connector registry) is given to them. Types and messages.ts contracts pass.',
      from: { path: '^src/(auth|events|db|temporal|providers|config)/|^src/config[.]ts$' },
      // The one exception: passkeys (auth) read the enterprise's governance settings until those are given to them.
      to: { path: '^src/domain/', pathNot: ['^src/domain/[^/]+/messages[.]ts$', '^src/domain/policies/governance-settings[.]ts$'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-workflow-code-in-src',
      severity: 'error',
      comment: "The application never loads workflow code: it starts workflows by name through the contract in src/domain/<area>/messages.ts.",
      from: { path: '^src/' },
      to: { path: '^workflows/' },
    },
    {
      name: 'workflows-import-contracts-only',
      severity: 'error',
      comment:
        'Workflow code is bundled and replayed: at run time it may load only @temporalio/workflow (and common), its messages.ts contracts ' +
        'and the search attribute keys; anything else it uses is a type (import type).',
      from: { path: '^workflows/' },
      to: { pathNot: WORKFLOW_SAFE, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contracts-are-types',
      severity: 'error',
      comment: 'A messages.ts is loaded by workflows and by the API alike: names and types only, no runtime imports.',
      from: { path: '^src/domain/[^/]+/messages[.]ts$' },
      to: { dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'console-shared-below-features',
      severity: 'error',
      comment: "The console's shared code (lib, components) serves every feature and knows none: move what it needs out of the feature into lib.",
      from: { path: '^console/src/(lib|components)/' },
      to: { path: '^console/src/(features|app)/' },
    },
    {
      name: 'console-features-below-app',
      severity: 'error',
      comment: 'A console feature is composed by the app (routes, shell), never the other way round.',
      from: { path: '^console/src/features/' },
      to: { path: '^console/src/app/' },
    },
    {
      name: 'console-no-cross-feature',
      severity: 'error',
      comment: 'Console features do not import each other: what two features share goes to lib or components, and the app composes them.',
      from: { path: '^console/src/features/([^/]+)/' },
      to: { path: '^console/src/features/', pathNot: '^console/src/features/$1/' },
    },
    {
      name: 'console-calls-in-feature-api',
      severity: 'error',
      comment: "A console feature calls the API only from its api/ folder (over the one client in lib/session), never inline in a component.",
      from: { path: '^console/src/features/[^/]+/', pathNot: '^console/src/features/[^/]+/api/' },
      to: { path: '^console/src/lib/session[.]ts$' },
    },
    {
      name: 'console-one-client',
      severity: 'error',
      comment: 'The console reaches the API through the generated client only (clients/typescript), not a fetch wrapper of its own.',
      from: { path: '^console/src/' },
      to: { path: '(^|/)node_modules/openapi-fetch/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that load each other at run time: one of them holds what both need, or the lower one is given it.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|[.]data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['require', 'node', 'default'], mainFields: ['main', 'types'] },
  },
};
