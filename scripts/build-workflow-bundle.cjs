#!/usr/bin/env node
// `npm run build`, after tsc: bundles the workflows once into dist/workflow-bundle.js (and its traced
// variant dist/workflow-bundle-traced.js, for a worker with OpenTelemetry on), which the
// compiled worker loads instead of running webpack at start-up.
const path = require('node:path');
const root = path.join(__dirname, '..');
const file = path.join(root, 'dist', 'workflow-bundle.js');
require(path.join(root, 'dist', 'src', 'temporal', 'worker.js'))
  .writeWorkflowBundle(file)
  .then(() => process.stdout.write(`workflow bundle written to ${path.relative(root, file)}\n`))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
