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

/** The domain's areas that move money: above approvals, below governance. */
const MONEY_AREAS = '(transfers|withdrawals|conversions|ramps|deposits)';

/**
 * The areas of src/domain in order, lowest first (CONTRIBUTING, "Layout"): iam → identity-providers,
 * policies → approvals → money areas → governance. An area imports only areas below it at run time.
 */
const AREA_ORDER = [
  {
    name: 'policies-below-approvals',
    comment: 'The policy engine (rules, decisions, evaluation) is the bottom of governed work: it knows no approval, governed change or money movement.',
    from: '^src/domain/policies/',
    to: `^src/domain/(approvals|governance|${MONEY_AREAS})/`,
  },
  {
    name: 'approvals-below-money',
    comment: 'Approvals serve every governed family: what an approval needs from above moves into approvals (as the stored governance settings did), or is handed to it.',
    from: '^src/domain/approvals/',
    to: `^src/domain/(governance|${MONEY_AREAS})/`,
  },
  {
    name: 'money-below-governance',
    comment: 'Governance approves what the money areas use (destinations) and changes the policy; the money areas read the policy, never a governed change.',
    from: `^src/domain/${MONEY_AREAS}/`,
    to: '^src/domain/governance/',
  },
  {
    name: 'iam-below-identity-providers',
    comment: "Identity providers are written through iam's unit of work and sign people in as iam's users: iam knows no provider.",
    from: '^src/domain/iam/',
    to: '^src/domain/identity-providers/',
  },
].map((r) => ({ name: r.name, severity: 'error', comment: r.comment, from: { path: r.from }, to: { path: r.to, dependencyTypesNot: ['type-only'] } }));

/** What every layer may load: configuration, reference data, money, shared schemas and the one-file helpers at src/. */
const BASE = ['^src/(config|reference|money|schema)/', '^src/(root|errors|ids|logger)[.]ts$', '^src/domain/[^/]+/messages[.]ts$'];

/**
 * The layers under the domain, each importing at run time only itself, what is drawn below it and the base:
 * db → ledger → events, and providers beside the ledger (config has its own rule, config-at-the-base).
 * Types pass; the narrower rules above name the usual mistakes with their own messages.
 */
const LOWER_LAYERS = [
  { layer: 'db', below: ['telemetry'], comment: 'The database layer is the floor: pools, bulk writes, caches. What it needs from above is handed to it.' },
  { layer: 'ledger', below: ['db'], comment: 'The ledger books on the database and nothing else: events, providers, auth and the domain are above it.' },
  { layer: 'events', below: ['db', 'ledger', 'auth'], comment: 'The outbox and the catalogue sit on the ledger and the database; providers, temporal and the domain are above them.' },
  { layer: 'providers', below: ['db', 'net'], comment: 'Providers reach the outside world through src/net; they book nothing, emit nothing and know no area.' },
].map(({ layer, below, comment }) => ({
  name: `${layer}-imports-only-below`,
  severity: 'error',
  comment,
  from: { path: `^src/${layer}/` },
  to: { path: '^src/', pathNot: [`^src/(${[layer, ...below].join('|')})/`, ...BASE], dependencyTypesNot: ['type-only'] },
}));

module.exports = {
  forbidden: [
    ...AREA_ORDER,
    ...LOWER_LAYERS,
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
      name: 'config-at-the-base',
      severity: 'error',
      comment:
        'Configuration is read first and by everyone: it parses strings into values and imports nothing of ours but its own modules, ' +
        'reference data, money and the repository root. A parser config needs moves into src/config; the module that used it imports the value from there.',
      from: { path: '^src/config/' },
      to: { path: '^src/', pathNot: ['^src/config/', '^src/reference/', '^src/money/', '^src/root[.]ts$'] },
    },
    {
      name: 'ledger-below-events',
      severity: 'error',
      comment: 'Events sit above the ledger: the write engine is handed what it must tell the outbox (announceLedgerEventsTo), it never imports it.',
      from: { path: '^src/ledger/' },
      to: { path: '^src/events/' },
    },
    {
      name: 'providers-below-ledger',
      severity: 'error',
      comment: 'Providers move money outside and never book it: the ledger is the domain\'s to call. Asset and amount helpers are in src/money.',
      from: { path: '^src/providers/' },
      to: { path: '^src/ledger/' },
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
      from: { path: '^src/(auth|events|db|temporal|providers|config)/' },
      to: { path: '^src/domain/', pathNot: '^src/domain/[^/]+/messages[.]ts$', dependencyTypesNot: ['type-only'] },
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
    exclude: { path: '^(node_modules|[.]data|test/grouped)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['require', 'node', 'default'], mainFields: ['main', 'types'] },
  },
};
