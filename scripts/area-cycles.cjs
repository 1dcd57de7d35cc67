#!/usr/bin/env node
/**
 * Rule `no-area-cycle`: no two areas of src/domain import each other at run time, through any of their files
 * (dependency-cruiser's `circular` sees cycles of modules; an area cycle may run through four different files).
 * Type-only imports load nothing and pass. `npm run lint:deps` runs it after dependency-cruiser; it cruises the
 * tree it is started in (test/unit/dependency-rules.test.ts starts it in the fixture), and exits with the number
 * of cycles.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const areaOf = (file) => /^src\/domain\/([^/]+)\//.exec(file)?.[1];

function cruiseDomain(cwd) {
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), 'src/domain', '--include-only', '^src/domain/', '--config', path.join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (!run.stdout) throw new Error(`dependency-cruiser failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** Area → area edges at run time, each with one import that makes it. */
function areaGraph(result) {
  const edges = new Map();
  for (const mod of result.modules) {
    const from = areaOf(mod.source);
    if (!from) continue;
    for (const dep of mod.dependencies) {
      const to = areaOf(dep.resolved);
      // A workflow's messages.ts is a contract (names, ids, types), which every layer may name, as the other rules allow.
      if (!to || to === from || dep.dependencyTypes.includes('type-only') || dep.resolved.endsWith('/messages.ts')) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${mod.source} → ${dep.resolved}`);
    }
  }
  return edges;
}

/** Strongly connected groups of two or more areas (Tarjan), each a cycle or several. */
function cycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** The cycles of the tree at `cwd`: the areas of each and the imports that join them. */
function areaCycles(cwd = process.cwd()) {
  const edges = areaGraph(cruiseDomain(cwd));
  return cycles(edges).map((areas) => ({
    areas,
    imports: areas.flatMap((a) => [...(edges.get(a) ?? [])].filter(([b]) => areas.includes(b)).map(([, example]) => example)),
  }));
}

module.exports = { areaCycles };

if (require.main === module) {
  const found = areaCycles();
  for (const { areas, imports } of found) {
    process.stderr.write(`  error no-area-cycle: the areas ${areas.join(', ')} import each other at run time:\n${imports.map((i) => `      ${i}\n`).join('')}`);
  }
  if (found.length) process.stderr.write(`\nx ${found.length} area cycle(s): move what both need into the lower area, or hand it down (CONTRIBUTING, "Layout").\n`);
  process.exit(found.length);
}
