import { migrationsList } from '../../migrations';
import { afterBaseline, BASELINE, describeViolation, lint, LOCK_RULES, upSql } from '../../scripts/lint-migrations';
import { Migration20990101000000_locks_on_hot_tables } from '../fixtures/migrations/Migration20990101000000_locks_on_hot_tables';

// The lock rules of migrations (CONTRIBUTING.md, "Migrations on hot tables"): squawk over what each
// migration's `up` sends, shown to pass on ours and to refuse the fixture, rule by rule.

const fixture = { name: 'Migration20990101000000_locks_on_hot_tables', class: Migration20990101000000_locks_on_hot_tables };

it('every migration listed after the baseline takes no lock that blocks a hot table', async () => {
  const checked = afterBaseline(migrationsList);
  const violations = lint(await Promise.all(checked.map(upSql)));
  expect(violations.map(describeViolation)).toEqual([]);
});

it('exempts the baseline and what is listed before it, and nothing after it', () => {
  const at = migrationsList.findIndex((m) => m.name === BASELINE);
  expect(at).toBeGreaterThan(40);
  expect(afterBaseline(migrationsList)).toEqual(migrationsList.slice(at + 1));
  expect(() => afterBaseline(migrationsList, 'Migration20000101000000_gone')).toThrow(/not in migrations\/index.ts/);
});

it('reads a migration by running its up(), statement by statement', async () => {
  const { sql } = await upSql(fixture);
  expect(sql.split('\n').slice(0, 2)).toEqual(['alter table ledger_entries add column note text;', "set local lock_timeout = '5s';"]);
});

it('refuses the fixture: each lock rule on its line, an exemption without a reason, one that exempts nothing', async () => {
  const found = lint([await upSql(fixture)]).map((v) => `${v.line} ${v.rule}`);
  expect(found).toEqual([
    '1 require-lock-timeout',
    '3 adding-required-field',
    '4 adding-field-with-default',
    '5 constraint-missing-not-valid',
    '5 adding-foreign-key-constraint',
    '6 adding-not-nullable-field',
    '7 constraint-missing-not-valid',
    '7 adding-serial-primary-key-field',
    '8 ban-alter-domain-with-add-constraint',
    '9 changing-column-type',
    '10 constraint-missing-not-valid',
    '11 constraint-missing-not-valid',
    '11 disallowed-unique-constraint',
    '12 require-concurrent-index-creation',
    '13 require-concurrent-index-deletion',
    // The NOT VALID foreign key (14) and the exempted index (16) pass.
    '17 exemption',
    '19 exemption',
  ]);
  // Every rule of the list is one squawk knows and finds: a misspelt name would never fail anything.
  expect(new Set(found.map((f) => f.split(' ')[1]).filter((r) => r !== 'exemption'))).toEqual(new Set(LOCK_RULES));
});

it('refuses SQL squawk cannot parse, whose locks it could not check', () => {
  const found = lint([{ name: 'unparsed', sql: "set local lock_timeout = '5s';\nalter table ledger_entries add colum note text;\n" }]);
  expect(found.map((v) => `${v.line} ${v.rule}`)).toEqual(['2 syntax-error']);
});
