import { PostgresAdapter, SqliteAdapter, type Kysely } from 'kysely';

/**
 * Migrations are shared by both stores; this tells them which database they run on, for the
 * few column types that must differ.
 */
export type SqlDialect = 'sqlite' | 'postgres';

export function sqlDialectOf(db: Kysely<any>): SqlDialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  throw new Error(`The store migrations support SQLite and PostgreSQL only; got the dialect adapter ${adapter.constructor.name}.`);
}
