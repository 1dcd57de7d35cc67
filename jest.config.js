/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // npm test's generated groups of small files (test/helpers/groups.cjs): only its own config runs them.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/grouped/'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
    // jose 6, @noble/ed25519 3, @noble/hashes 2 and @scure/base 2 are ESM-only: Node loads them with require(esm), jest's module registry cannot, so compile them to CommonJS.
    'node_modules/(jose|@noble/ed25519|@noble/hashes|@scure/base)/.+\\.js$': ['@swc/jest', { module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!jose/|@noble/ed25519/|@noble/hashes/|@scure/base/)'],
  // One real Temporal dev server and one scratch database per run, shared by every test file.
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
  testTimeout: 60_000,
  reporters: ['default', '<rootDir>/test/helpers/summary-reporter.cjs'],
  // `npm test` runs shards side by side (scripts/test.cjs); this splits them by time.
  testSequencer: '<rootDir>/test/helpers/sequencer.cjs',
  // Tests with a Temporal worker or child processes: close them, don't hide them.
  forceExit: false,
};
