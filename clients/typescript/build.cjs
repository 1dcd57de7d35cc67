// Builds the package into dist/: one ESM and one CommonJS bundle of the sources (dependencies stay
// imports), and the declarations, with the tools this package declares as devDependencies.
const { execFileSync } = require('node:child_process');
const { rmSync } = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const here = __dirname;
rmSync(path.join(here, 'dist'), { recursive: true, force: true });
const common = {
  entryPoints: [path.join(here, 'index.ts')],
  bundle: true,
  packages: 'external',
  platform: 'neutral',
  target: 'es2022',
  logLevel: 'warning',
};
esbuild.buildSync({ ...common, format: 'esm', outfile: path.join(here, 'dist', 'index.mjs') });
esbuild.buildSync({ ...common, format: 'cjs', outfile: path.join(here, 'dist', 'index.cjs') });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(here, 'tsconfig.build.json')], { stdio: 'inherit' });
