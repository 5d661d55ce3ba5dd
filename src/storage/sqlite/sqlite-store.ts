import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type Transaction } from 'kysely';
import { Lru } from '../../core/lru.ts';
import { KyselyStore, type Database } from '../kysely-store.ts';
import { GroupCommit } from './group-commit.ts';

/** How long a connection waits for another process's write lock before failing. */
const BUSY_TIMEOUT_MS = 5000;
/** `PRAGMA synchronous` value of FULL. */
const SYNCHRONOUS_FULL = 2;
/** The store sends a few dozen distinct statements; the rest are `in (…)` lists of other lengths. */
const PREPARED_STATEMENTS_KEPT = 500;

/**
 * Every transaction takes SQLite's write lock when it begins (BEGIN IMMEDIATE), not at its first
 * write: a deferred transaction that reads first cannot upgrade its lock while another process
 * writes, and fails with "database is locked" at once, whatever busy_timeout says. Taking the
 * lock first makes it wait for the other writer instead (issue 15: two servers on one file).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase.Database;
  constructor(database: SqliteDatabase.Database) {
    super({ database });
    this.#database = database;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: withPreparedStatementCache(this.#database) });
  }
}

/**
 * Kysely's SQLite driver prepares every statement it runs; the store's statements repeat, so
 * each is prepared once and reused.
 */
function withPreparedStatementCache(database: SqliteDatabase.Database) {
  const statements = new Lru<string, SqliteDatabase.Statement>(PREPARED_STATEMENTS_KEPT);
  return { close: () => database.close(), prepare: (sql: string) => statements.get(sql, () => database.prepare(sql)) };
}

export interface SqliteConnectionSettings {
  journalMode: string;
  synchronous: number;
  foreignKeys: number;
  busyTimeoutMs: number;
}

export class SqliteStore extends KyselyStore {
  readonly #connection: SqliteDatabase.Database;
  readonly #groupCommit: GroupCommit;
  readonly #readDataVersion: SqliteDatabase.Statement<[], number>;
  #dataVersion: number | undefined;

  constructor(path: string, connection: SqliteDatabase.Database) {
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(connection) });
    super({ kind: 'sqlite', location: path, db });
    this.#connection = connection;
    this.#groupCommit = new GroupCommit(db);
    this.#readDataVersion = connection.prepare<[], number>('pragma data_version').pluck();
  }

  /** SQLite's data_version changes when another connection commits, and only then. */
  protected override othersMayHaveWritten(): boolean {
    const version = this.#readDataVersion.get()!;
    const changed = version !== this.#dataVersion;
    this.#dataVersion = version;
    return changed;
  }

  protected override runWrite<T>(write: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.#groupCommit.run(write);
  }

  override async close(): Promise<void> {
    await super.close();
    // Kysely closes the connection only if it ever ran a query on it.
    if (this.#connection.open) this.#connection.close();
  }

  /** The durability settings in force on the store's connection, as SQLite reports them. */
  connectionSettings(): SqliteConnectionSettings {
    return readConnectionSettings(this.#connection);
  }
}

/**
 * Opens (creating if needed) the SQLite file at `path`. Not migrated: see openStore.
 * Kysely's SqliteDialect uses this one connection for every query.
 */
export function openSqliteStore(path: string): SqliteStore {
  return new SqliteStore(path, openDurableConnection(path));
}

function openDurableConnection(path: string): SqliteDatabase.Database {
  let connection: SqliteDatabase.Database;
  try {
    mkdirSync(dirname(path), { recursive: true });
    connection = new SqliteDatabase(path);
  } catch (error) {
    throw new Error(`Cannot open the SQLite file ${path}: ${(error as Error).message}. Check that its folder can be created and written, or set DATABASE_URL.`);
  }
  try {
    connection.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    connection.pragma('journal_mode = WAL');
    // After journal_mode: better-sqlite3 is built with SQLITE_DEFAULT_WAL_SYNCHRONOUS=1, so
    // entering WAL would otherwise leave synchronous at NORMAL, where a power loss can undo
    // commits that were already acknowledged.
    connection.pragma('synchronous = FULL');
    connection.pragma('foreign_keys = ON');
    assertDurable(readConnectionSettings(connection), path);
    return connection;
  } catch (error) {
    connection.close();
    throw error;
  }
}

function readConnectionSettings(connection: SqliteDatabase.Database): SqliteConnectionSettings {
  return {
    journalMode: String(connection.pragma('journal_mode', { simple: true })),
    synchronous: Number(connection.pragma('synchronous', { simple: true })),
    foreignKeys: Number(connection.pragma('foreign_keys', { simple: true })),
    busyTimeoutMs: Number(connection.pragma('busy_timeout', { simple: true })),
  };
}

export function assertDurable(settings: SqliteConnectionSettings, path: string): void {
  if (settings.journalMode !== 'wal') {
    throw new Error(`SQLite at ${path} refused WAL journal mode (journal_mode is "${settings.journalMode}"); use a local file system that supports WAL.`);
  }
  if (settings.synchronous !== SYNCHRONOUS_FULL) {
    throw new Error(`SQLite at ${path} runs with synchronous=${settings.synchronous}, not 2 (FULL); refusing to start, since commits could be lost on power failure.`);
  }
  if (settings.foreignKeys !== 1) throw new Error(`SQLite at ${path} did not enable foreign_keys.`);
}
