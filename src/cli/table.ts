import type { Command } from './parse';

// The one table of `counterfoil` commands. Each implementation is imported when its command runs, so
// `--help` and a usage error load nothing but this file and the parser: no configuration, no driver.

const DATABASE = 'DATABASE_URL. In sandbox mode without it, the database `npm start` runs from the data folder\n(COUNTERFOIL_DATA_DIR, default .data); the command names on stderr the database it uses.';
const SEALING = 'The sealing key ring: COUNTERFOIL_SEALING_KEYS or COUNTERFOIL_SEALING_KEY_FILE (sandbox: the data folder\'s sealing-keys).';
const TEMPORAL = 'TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE and the Temporal TLS / API key settings (README, "Configuration").';

export const COMMANDS: readonly Command[] = [
  {
    path: ['start'],
    summary: 'everything in one process, for development',
    description:
      'Everything in one process: PostgreSQL (embedded in the data folder unless DATABASE_URL is set), the\n' +
      'Temporal dev server (unless TEMPORAL_ADDRESS is set), migrations, bootstrap, the worker and both APIs.\n' +
      'Stops cleanly on Ctrl-C; a second start reuses the data folder.',
    settings: 'Any of README "Configuration"; none is required.',
    run: () => import('./serve').then((m) => m.serve('all')),
  },
  {
    path: ['api'],
    summary: 'the tenant and signed APIs only',
    description:
      'The tenant and signed APIs. Never migrates or bootstraps: run `counterfoil migrate` and\n' +
      '`counterfoil temporal setup` first; it stops at start-up, saying which, when they are missing.',
    settings: `DATABASE_URL and ${TEMPORAL}`,
    run: () => import('./serve').then((m) => m.serve('api')),
  },
  {
    path: ['worker'],
    summary: 'the Temporal worker only',
    description: 'The Temporal worker: runs the workflows and activities. Never migrates; same needs as `api`.',
    settings: `DATABASE_URL and ${TEMPORAL}`,
    run: () => import('./serve').then((m) => m.serve('worker')),
  },
  {
    path: ['migrate'],
    summary: 'apply pending migrations to the database',
    description: 'Apply pending migrations to the database (the only command besides `start` that changes the schema).',
    settings: DATABASE,
    run: () => import('./migrate').then((m) => m.migrateCommand()),
  },
  {
    path: ['temporal', 'setup'],
    summary: 'make the Temporal namespace ready (idempotent)',
    description:
      "Make the Temporal namespace ready: check it exists (create it with --create-namespace, on a self-hosted\n" +
      "cluster), and register Counterfoil's search attributes. Idempotent; prints what it found and did.",
    flags: {
      'create-namespace': { type: 'boolean', help: 'create the namespace when it does not exist' },
      retention: { type: 'string', value: '<duration>', help: 'how long a created namespace keeps closed workflows\n(e.g. 72h, 7d; at least 1 day; default 72h)' },
    },
    settings: TEMPORAL,
    run: (input) => import('./temporal-setup').then((m) => m.temporalSetupCommand(input)),
  },
  {
    path: ['bootstrap'],
    summary: 'create the first enterprise and its admin service account',
    description:
      'Create the first enterprise and its admin service account if the database has none (it must be\n' +
      'migrated). The credentials go to a new 0600 file, never to stdout; an existing file is never overwritten.',
    flags: {
      'credentials-file': {
        type: 'string',
        value: '<path>',
        help: "where to write the credentials (default: the data folder's bootstrap-credentials.json,\nor one named for the enterprise if that exists)",
      },
    },
    settings: `${DATABASE}\nCOUNTERFOIL_BOOTSTRAP_* (README, "Configuration").`,
    run: (input) => import('./bootstrap').then((m) => m.bootstrapCommand(input)),
  },
  {
    path: ['enterprises', 'create'],
    summary: 'create another enterprise and its admin service account',
    description:
      'Create an enterprise with its platform roles, default master account and an enterprise-admin service\n' +
      "account, as the first run's bootstrap does, whatever enterprises exist. Prints the service account's\n" +
      'credentials once (the secret is not stored), or writes them to a new 0600 --credentials-file.',
    flags: {
      'legal-name': { type: 'string', value: '<name>', required: true, help: "the enterprise's legal name" },
      jurisdiction: { type: 'string', value: '<country>', help: 'two-letter ISO 3166-1 code (default COUNTERFOIL_BOOTSTRAP_JURISDICTION, GB)' },
      'external-id': { type: 'string', value: '<id>', help: "the operator's own id for it (default enterprise-<enterprise_id>)" },
      'credentials-file': { type: 'string', value: '<path>', help: 'write the credentials to this new file (mode 0600) instead of stdout' },
      json: { type: 'boolean', help: 'print JSON: {enterprise_id, client_id, client_secret}' },
    },
    settings: DATABASE,
    run: (input) => import('./enterprises').then((m) => m.enterprisesCreate(input)),
  },
  {
    path: ['openapi'],
    summary: "print the tenant API's OpenAPI document",
    description: "Print the tenant API's OpenAPI document (JSON) to stdout. Connects to nothing.",
    settings: 'COUNTERFOIL_API_BASE_URL (the server URL in the document).',
    run: () => import('./openapi').then((m) => m.openapiCommand()),
  },
  {
    path: ['ledger', 'verify'],
    summary: "check the ledger's balances, hash chains and checkpoints",
    description:
      "Check the database's ledger: every transaction sums to zero per asset and every balance equals the\n" +
      "fold of its postings and holds; every transaction's hash and every balance row's hash chain, and the\n" +
      'signed checkpoints (the first broken link is named). Exit status 1 on any violation.',
    settings: `${DATABASE}\n${SEALING} Without it the checkpoints' signatures are not checked.`,
    run: () => import('./ledger').then((m) => m.ledgerVerify()),
  },
  {
    path: ['ledger', 'checkpoint'],
    summary: 'sign a checkpoint of the hash chains now',
    description:
      'Sign a checkpoint of the hash chains for every enterprise whose ledger moved since its last one\n' +
      '(the housekeeping schedule does this hourly); prints their ids.',
    settings: `${DATABASE}\n${SEALING}`,
    run: () => import('./ledger').then((m) => m.ledgerCheckpoint()),
  },
  {
    path: ['keys', 'rotate'],
    summary: "re-seal every secret at rest under the ring's first key",
    description:
      "Re-seal every secret at rest under the sealing key ring's first key. In sandbox a new first key is added\n" +
      'to the key file first (older keys stay, so nothing sealed under them is lost). Prints what is sealed\n' +
      'under each key.',
    settings: `${DATABASE}\n${SEALING}`,
    run: () => import('./keys').then((m) => m.keysCommand('rotate')),
  },
  {
    path: ['keys', 'status'],
    summary: 'what is sealed under each key of the ring',
    description: 'Print what is sealed under each key of the sealing key ring. Changes nothing.',
    settings: `${DATABASE}\n${SEALING}`,
    run: () => import('./keys').then((m) => m.keysCommand('status')),
  },
  {
    path: ['api-keys', 'create'],
    summary: 'issue an API key for a client (printed once)',
    description: 'Issue an API key of the signed API for a client. Prints the API key and its private key once, as JSON.',
    flags: {
      client: { type: 'string', value: '<client_id>', required: true, help: 'the client the key acts for' },
      label: { type: 'string', value: '<text>', required: true, help: 'a name for the key' },
      account: { type: 'string', value: '<client_account_id>', help: "the account it acts on (default: the client's default account)" },
      allow: { type: 'string', value: '<ip|cidr>', multiple: true, help: 'an address or range the key may be used from' },
    },
    settings: DATABASE,
    run: (input) => import('./api-keys').then((m) => m.apiKeysCreate(input)),
  },
  {
    path: ['api-keys', 'list'],
    summary: 'list API keys (never their secrets)',
    description: 'List API keys, as JSON, without their secrets.',
    flags: { client: { type: 'string', value: '<client_id>', help: "only this client's keys" } },
    settings: DATABASE,
    run: (input) => import('./api-keys').then((m) => m.apiKeysList(input)),
  },
  {
    path: ['api-keys', 'revoke'],
    summary: 'revoke an API key',
    description: 'Revoke an API key. Running APIs drop it on the notification the change sends.',
    args: [{ name: '<api_key_id>', help: 'the key to revoke' }],
    settings: DATABASE,
    run: (input) => import('./api-keys').then((m) => m.apiKeysChange('revoke', input)),
  },
  {
    path: ['api-keys', 'reactivate'],
    summary: 'reactivate an API key with new key material',
    description: 'Reactivate a revoked API key. Prints the new API key and private key once, as JSON.',
    args: [{ name: '<api_key_id>', help: 'the key to reactivate' }],
    settings: DATABASE,
    run: (input) => import('./api-keys').then((m) => m.apiKeysChange('reactivate', input)),
  },
];
