#!/usr/bin/env node
// `npm run build`, after the workflow bundle: the API reference's renderer, Redoc's standalone bundle,
// copied from the installed package into dist/docs/, which the compiled API serves under /docs/assets/.
// redoc is a development dependency: its own dependencies (React, core-js, prismjs, @redocly/*) are
// only what that bundle was built from, so a production install leaves them out.
const { copyFileSync, mkdirSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const file = path.join(root, 'dist', 'docs', 'redoc.standalone.js');
mkdirSync(path.dirname(file), { recursive: true });
copyFileSync(require.resolve('redoc/bundles/redoc.standalone.js', { paths: [root] }), file);
process.stdout.write(`API reference bundle written to ${path.relative(root, file)}\n`);
