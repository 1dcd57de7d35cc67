// The pure connection-URL helpers of src/db/postgres-server.ts. No server needed.
import { databaseName, withDatabase } from '../../src/db/postgres-server';

function thrownMessage(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  return undefined;
}

describe('withDatabase', () => {
  it('replaces the database and keeps server, credentials and parameters', () => {
    expect(withDatabase('postgres://app:s3cret@db.internal:5432/counterfoil?sslmode=require', 'postgres')).toBe(
      'postgres://app:s3cret@db.internal:5432/postgres?sslmode=require',
    );
  });

  it('adds a database to a URL that names none', () => {
    expect(withDatabase('postgres://postgres@127.0.0.1:5432', 'counterfoil')).toBe('postgres://postgres@127.0.0.1:5432/counterfoil');
    expect(withDatabase('postgres://postgres@127.0.0.1:5432/', 'counterfoil')).toBe('postgres://postgres@127.0.0.1:5432/counterfoil');
    expect(withDatabase('postgres://h?application_name=x', 'db')).toBe('postgres://h/db?application_name=x');
  });

  it('accepts the postgresql:// scheme and several hosts', () => {
    expect(withDatabase('postgresql://u@h1:5432,h2:5433/a', 'b')).toBe('postgresql://u@h1:5432,h2:5433/b');
  });

  it('keeps a percent-encoded password intact', () => {
    expect(withDatabase('postgres://u:p%40ss%2Fw@h/a', 'b')).toBe('postgres://u:p%40ss%2Fw@h/b');
  });

  it('percent-encodes database names that need it', () => {
    const url = withDatabase('postgres://h/a', 'my db/ü');
    expect(url).toBe('postgres://h/my%20db%2F%C3%BC');
    expect(databaseName(url)).toBe('my db/ü');
  });

  it('rejects an empty database name and non-postgres URLs', () => {
    expect(() => withDatabase('postgres://h/a', '')).toThrow(/must not be empty/);
    expect(() => withDatabase('mysql://h/a', 'b')).toThrow(/postgres:\/\//);
    expect(() => withDatabase('not a url', 'b')).toThrow();
  });

  it('never echoes the URL (it may carry a password) in its errors', () => {
    for (const broken of ['mysql://u:hunter2@h/a', 'postgres://u:hunter2@h/%ZZ']) {
      const message = thrownMessage(() => withDatabase(broken, 'b'));
      expect(message).toBeDefined();
      expect(message).not.toContain('hunter2');
    }
  });
});

describe('databaseName', () => {
  it('returns the decoded database of the URL', () => {
    expect(databaseName('postgres://postgres@127.0.0.1:5432/counterfoil')).toBe('counterfoil');
    expect(databaseName('postgres://u:p@h:1/ledger_test_1?sslmode=disable#x')).toBe('ledger_test_1');
  });

  it('throws when the URL names no database', () => {
    expect(() => databaseName('postgres://postgres@127.0.0.1:5432')).toThrow(/names no database/);
    expect(() => databaseName('postgres://postgres@127.0.0.1:5432/?sslmode=require')).toThrow(/names no database/);
  });

  it('throws on malformed percent-encoding', () => {
    expect(() => databaseName('postgres://h/%E0%A4%A')).toThrow(/percent-encoding/);
  });

  it('round-trips with withDatabase', () => {
    for (const name of ['counterfoil', 'a_b_1', 'Mixed.Case', 'x?y#z']) {
      expect(databaseName(withDatabase('postgres://u:p@h:5432/old?sslmode=require', name))).toBe(name);
    }
  });
});
