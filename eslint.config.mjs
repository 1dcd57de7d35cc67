// ESLint (flat config): typescript-eslint's recommended rules, without type information so a run stays
// quick. Layering and cycles are dependency-cruiser's job (`npm run lint:deps`, .dependency-cruiser.cjs).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** What Node gives a script besides the language's own globals (the .js/.cjs/.mjs files here are Node scripts). */
const node = Object.fromEntries(
  ['require', 'module', 'exports', '__dirname', '__filename', 'process', 'console', 'Buffer', 'URL', 'URLSearchParams',
    'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'fetch', 'AbortController']
    .map((name) => [name, 'readonly']),
);

export default tseslint.config(
  {
    // Generated (the typed client, the console's build, `npm run build`'s dist/, which the build test
    // also writes) or not ours.
    ignores: ['node_modules/', '.data/', 'test/grouped/', 'coverage/', 'dist/', 'console/dist/', 'clients/typescript/openapi.ts', 'clients/typescript/dist/', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks a parameter a signature requires, or a member left out of a rest copy.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Scripts/*.cjs run before TypeScript can (install time); the TypeScript that shares them requires them.
      '@typescript-eslint/no-require-imports': ['error', { allow: ['[.]cjs$', '/package[.]json$'] }],
      // A `let` read by a closure before its one assignment (a workflow's update handler waiting for the
      // result) cannot be a `const`: the closure would hit the temporal dead zone.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/config/**'],
    rules: {
      // The environment is parsed once, in src/config; a setting reaches its user through services.config or an argument.
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Add the setting to src/config (env-schema.ts and Config) and pass it in.' }],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests read JSON response bodies and fixtures whose shape is what the assertions check.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    // CommonJS by design: these run under plain Node at install time, before any loader for TypeScript or ESM.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
