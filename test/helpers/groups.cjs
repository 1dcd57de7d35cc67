// `npm test` runs most small test files in groups: one generated jest file per group requires several of
// them, each under a describe block of its own name. Jest gives every test file a fresh module registry,
// and loading the application's 1,700 modules into one costs 3–5 s of a 2-core machine: a group pays it
// once for its members instead of once each. A file runs alone when it is long (the load is then a small
// part of it), sets its own timeout, or is pinned to the first shard (test/helpers/sequencer.cjs).
const { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const GROUPS_DIR = path.join('test', 'grouped');
/** A file measured at this many seconds or more runs alone. */
const ALONE_SECONDS = 20;
/** A group closes at this many measured seconds or this many files, so groups still balance the shards. */
const GROUP_SECONDS = 60;
const GROUP_FILES = 16;

/** Every test file jest would find under test/ (its testMatch), as paths relative to the repository. */
function testFiles(root) {
  const walk = (dir) =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === 'node_modules' || rel === GROUPS_DIR ? [] : walk(rel);
      return e.name.endsWith('.test.ts') ? [rel.split(path.sep).join('/')] : [];
    });
  return walk('test').sort();
}

/**
 * The groups for one run: `{ 'test/grouped/http-1.test.ts': ['test/http/a.test.ts', …] }`. `seconds` gives
 * a file's expected time; `alone(file)` keeps a file out of every group.
 */
function planGroups(root, seconds, alone) {
  const byDir = new Map();
  for (const file of testFiles(root)) {
    const source = readFileSync(path.join(root, file), 'utf8');
    if (alone(file) || seconds(file) >= ALONE_SECONDS || /\bjest\.setTimeout\(/.test(source)) continue;
    const dir = file.split('/').slice(1, -1).join('-') || 'top';
    byDir.set(dir, [...(byDir.get(dir) ?? []), file]);
  }
  const groups = {};
  for (const [dir, files] of byDir) {
    let members = [];
    let load = 0;
    const close = () => {
      if (members.length > 1) groups[`${GROUPS_DIR.split(path.sep).join('/')}/${dir}-${Object.keys(groups).filter((g) => g.includes(`/${dir}-`)).length + 1}.test.ts`] = members;
      members = [];
      load = 0;
    };
    for (const file of files) {
      members.push(file);
      load += seconds(file);
      if (load >= GROUP_SECONDS || members.length >= GROUP_FILES) close();
    }
    close();
  }
  return groups;
}

/** Writes one jest file per group (the directory is the run's own: emptied first). */
function writeGroups(root, groups) {
  const dir = path.join(root, GROUPS_DIR);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [group, members] of Object.entries(groups)) {
    const lines = members.map((m) => `member(${JSON.stringify(m)}, () => require(${JSON.stringify(path.posix.relative(GROUPS_DIR.split(path.sep).join('/'), m).replace(/\.ts$/, ''))}));`);
    writeFileSync(
      path.join(root, group),
      `// Written by scripts/test.cjs for one run of npm test (test/helpers/groups.cjs); run a member alone with\n// \`node scripts/test.cjs <file>\`.\nimport { member } from '../helpers/member';\n\n${lines.join('\n')}\n`,
    );
  }
}

function removeGroups(root) {
  rmSync(path.join(root, GROUPS_DIR), { recursive: true, force: true });
}

module.exports = { GROUPS_DIR, planGroups, writeGroups, removeGroups, testFiles };
