// `npm run lint:migrations`: squawk over the SQL every migration's `up` sends, failing on what would lock or
// rewrite a table that is already serving traffic (CONTRIBUTING.md, "Migrations on hot tables").
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MigrationObject } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';

/**
 * squawk's rules that fail a migration: each takes a lock that blocks reads or writes of an existing table for
 * as long as a scan, a rewrite or an index build lasts, or queues every later query behind its lock. Its other
 * rules (naming, types, idempotent statements, statement timeouts) are style, not locks, and are not run.
 */
export const LOCK_RULES = [
  'adding-field-with-default',
  'adding-foreign-key-constraint',
  'adding-not-nullable-field',
  'adding-required-field',
  'adding-serial-primary-key-field',
  'ban-alter-domain-with-add-constraint',
  'changing-column-type',
  'constraint-missing-not-valid',
  'disallowed-unique-constraint',
  'require-concurrent-index-creation',
  'require-concurrent-index-deletion',
  'require-lock-timeout',
] as const;

/**
 * The last migration that shipped before this check existed. It and every migration listed before it in
 * migrations/index.ts have run where Counterfoil is installed, so rewriting them would change nothing
 * there; every migration listed after it must pass.
 */
export const BASELINE = 'Migration20261203090300_exact_replays';

/** The PostgreSQL version whose locking squawk assumes: the oldest Counterfoil runs on. */
const PG_VERSION = '15';

export interface MigrationSql {
  name: string;
  sql: string;
}

export interface Violation {
  migration: string;
  rule: string;
  /** 1-based, in `sql` of the migration. */
  line: number;
  message: string;
  /** The line of SQL it was found on. */
  text: string;
}

/** `-- squawk-ignore rule[, rule] -- why`: squawk's own comment, exempting the next line, with a reason after it. */
const EXEMPTION = /^\s*--\s*squawk-ignore\s+([a-z-]+(?:\s*,\s*[a-z-]+)*)\s*(?:--\s*(.*))?$/;

/** The SQL a migration's `up` sends: its class is run and its addSql calls captured, nothing is executed. */
export async function upSql(migration: MigrationObject): Promise<MigrationSql> {
  // up() only queues statements; the runner passes the driver and the configuration, which addSql never reads.
  const instance = new migration.class(null as never, null as never);
  if (!(instance instanceof Migration)) throw new Error(`${migration.name} is not a Migration of @mikro-orm/migrations`);
  await instance.up();
  const statements = instance.getQueries().map((q) => (typeof q === 'string' ? q : q.toString()).trim());
  return { name: migration.name, sql: statements.map((s) => (s.endsWith(';') ? s : `${s};`)).join('\n') + '\n' };
}

/** The migrations listed after BASELINE, which the check covers (all of them when the baseline is not listed). */
export function afterBaseline(list: MigrationObject[], baseline = BASELINE): MigrationObject[] {
  const at = list.findIndex((m) => m.name === baseline);
  if (at < 0) throw new Error(`the baseline ${baseline} is not in migrations/index.ts`);
  return list.slice(at + 1);
}

interface SquawkFinding {
  file: string;
  line: number;
  rule_name: string;
  message: string;
}

function squawk(files: string[]): SquawkFinding[] {
  const bin = require.resolve('squawk-cli/js/bin/squawk');
  const args = [bin, '--reporter', 'json', '--assume-in-transaction', `--pg-version=${PG_VERSION}`, ...files];
  try {
    execFileSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return [];
  } catch (err) {
    // squawk exits 1 when it found anything, and prints its findings as JSON either way.
    const out = (err as { stdout?: string }).stdout ?? '';
    if (!out.trim().startsWith('[')) throw new Error(`squawk failed: ${(err as { stderr?: string }).stderr ?? err}`);
    return JSON.parse(out) as SquawkFinding[];
  }
}

/**
 * Lints each migration's SQL: squawk's findings of LOCK_RULES and what it cannot parse, less those an exemption
 * names on the line above them; an exemption without a reason, or one that exempts nothing, is a violation too.
 */
export function lint(migrations: MigrationSql[]): Violation[] {
  if (migrations.length === 0) return [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'counterfoil-migrations-'));
  try {
    // Exemptions are applied here, so squawk is shown them disarmed: it would drop the findings silently.
    const files = migrations.map((m) => {
      const file = path.join(dir, `${m.name}.sql`);
      writeFileSync(file, m.sql.replace(/squawk-ignore/g, 'squawk-exempt'));
      return file;
    });
    // SQL squawk cannot parse is SQL it cannot vouch for.
    const found = squawk(files).filter((f) => f.rule_name === 'syntax-error' || (LOCK_RULES as readonly string[]).includes(f.rule_name));
    const violations: Violation[] = [];
    for (const m of migrations) {
      const lines = m.sql.split('\n');
      const used = new Set<string>();
      for (const f of found.filter((x) => path.basename(x.file) === `${m.name}.sql`)) {
        const exemption = EXEMPTION.exec(lines[f.line - 1] ?? '');
        if (exemption?.[1].split(/\s*,\s*/).includes(f.rule_name)) {
          used.add(`${f.line - 1}:${f.rule_name}`);
          continue;
        }
        violations.push({ migration: m.name, rule: f.rule_name, line: f.line + 1, message: f.message, text: lines[f.line]?.trim() ?? '' });
      }
      lines.forEach((text, i) => {
        if (/squawk-ignore-file/.test(text)) {
          violations.push({ migration: m.name, rule: 'exemption', line: i + 1, message: 'A whole file is never exempt: exempt the statement, with its reason.', text: text.trim() });
          return;
        }
        if (!/squawk-ignore/.test(text)) return;
        const exemption = EXEMPTION.exec(text);
        if (!exemption?.[2]?.trim()) {
          violations.push({ migration: m.name, rule: 'exemption', line: i + 1, message: 'An exemption says why: `-- squawk-ignore <rule> -- <reason>`.', text: text.trim() });
          return;
        }
        for (const rule of exemption[1].split(/\s*,\s*/)) {
          if (!used.has(`${i}:${rule}`)) violations.push({ migration: m.name, rule: 'exemption', line: i + 1, message: `Exempts nothing: ${rule} finds nothing on the next line.`, text: text.trim() });
        }
      });
    }
    return violations.sort((a, b) => a.migration.localeCompare(b.migration) || a.line - b.line);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const describeViolation = (v: Violation) => `${v.migration}, line ${v.line} of its SQL: ${v.rule}: ${v.message}\n    ${v.text}`;

if (require.main === module) {
  void (async () => {
    const { migrationsList } = await import('../migrations');
    const checked = afterBaseline(migrationsList);
    const violations = lint(await Promise.all(checked.map(upSql)));
    for (const v of violations) process.stderr.write(`${describeViolation(v)}\n`);
    if (violations.length) {
      process.stderr.write(`${violations.length} finding(s) in the migrations after ${BASELINE}; see CONTRIBUTING.md, "Migrations on hot tables"\n`);
      process.exit(1);
    }
    process.stdout.write(`migrations: ${checked.length} after ${BASELINE} checked for locks on hot tables\n`);
  })().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
