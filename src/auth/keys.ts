import { randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';

/**
 * Secrets shared by every API process (token signing, page-token signing), created once by whichever
 * process starts first and read by the rest.
 */
export async function loadPlatformKey(sql: Sql, name: string): Promise<Buffer> {
  await sql`insert into platform_keys (name, secret) values (${name}, ${randomBytes(32)}) on conflict (name) do nothing`;
  const [row] = await sql`select secret from platform_keys where name = ${name}`;
  return Buffer.from(row.secret);
}
