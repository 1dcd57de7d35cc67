/**
 * The layering rules `npm run lint:deps` enforces (and `npm test` runs first): HTTP → domain →
 * ledger/db, workflows below nothing but their contracts, no cycles. Paths are relative to the
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
      name: 'ledger-below-domain',
      severity: 'error',
      comment: 'The ledger is below the domain: it knows accounts, entries and holds, not the operations that book them.',
      from: { path: '^src/ledger/' },
      to: { path: '^src/domain/' },
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
