import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { KyselyStore, type Database } from '../kysely-store.ts';

const { builtins } = pg.types;

/**
 * Column types parsed to the shapes the shared store expects (see ListingsTable): the same
 * as SQLite returns them. Set on this pool only, not on pg's global parsers.
 */
const storeTypeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === builtins.INT8) return parseBigintAsNumber;
    if (oid === builtins.TIMESTAMPTZ) return parseTimestamptzAsIso;
    if (oid === builtins.JSONB) return (text: string) => text;
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

const parseTimestamptz = pg.types.getTypeParser(builtins.TIMESTAMPTZ, 'text') as (text: string) => Date;

function parseTimestamptzAsIso(text: string): string {
  return parseTimestamptz(text).toISOString();
}

function parseBigintAsNumber(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`The bigint ${text} is beyond JavaScript's safe integers.`);
  return value;
}

/** Connects to the PostgreSQL database at `connectionString`. Not migrated: see openStore. */
export function openPostgresStore(connectionString: string): KyselyStore {
  // A connection attempt that hangs (a database host gone without refusing) fails after 5 s, as
  // `unavailable`, instead of holding the request forever; keep-alive finds connections a crash left half-open.
  const pool = new pg.Pool({ connectionString, types: storeTypeParsers, connectionTimeoutMillis: 5_000, keepAlive: true });
  // An idle client that loses its connection is dropped by the pool and the next query gets a
  // fresh one; without a listener the 'error' event would crash the process.
  pool.on('error', () => {});
  // The pool listens only to idle clients. A client checked out for a query or a transaction
  // that loses its connection (the database crashed or restarted) emits 'error' with nobody
  // listening, which ended the process (issue 28). Every client gets a listener of its own when
  // it connects: the query in flight fails with the same error (answered as `unavailable`),
  // and the pool drops the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return new KyselyStore({
    kind: 'postgres',
    location: withoutPassword(connectionString),
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
  });
}

/** The connection string with any password replaced by `***`, for logs and health output. */
export function withoutPassword(connectionString: string): string {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    return 'postgres (connection string not shown: it is not a valid URL)';
  }
  if (url.password !== '') url.password = '***';
  if (url.searchParams.has('password')) url.searchParams.set('password', '***');
  return url.toString();
}
