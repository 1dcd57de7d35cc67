import type { Sql, TransactionSql } from 'postgres';

/** A `postgres` client or one of its transactions: what a query that may run in either takes. */
export type Db = Sql | TransactionSql;
