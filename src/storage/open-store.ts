import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store } from '../core/store.ts';

export const DEFAULT_SQLITE_PATH = './data/apidex.db';

export type DatabaseTarget = { kind: 'sqlite'; path: string } | { kind: 'postgres'; connectionString: string };

const ACCEPTED_FORMS =
  'leave DATABASE_URL unset for a SQLite file at ./data/apidex.db, ' +
  'or set it to file:PATH (e.g. file:./data/apidex.db or file:///var/lib/apidex/apidex.db) for a SQLite file, ' +
  'or to postgres://USER:PASSWORD@HOST:PORT/DATABASE (postgresql:// also works) for PostgreSQL';

/**
 * Reads a DATABASE_URL value. SQLite paths come back absolute, relative paths resolved
 * against `cwd`. Errors never repeat the value, which may hold a password.
 */
export function parseDatabaseUrl(
  databaseUrl: string | undefined,
  options: { defaultPath?: string; cwd?: string } = {},
): DatabaseTarget {
  const cwd = options.cwd ?? process.cwd();
  const value = databaseUrl?.trim() ?? '';
  if (value === '') return { kind: 'sqlite', path: resolve(cwd, options.defaultPath ?? DEFAULT_SQLITE_PATH) };

  if (/^postgres(ql)?:\/\//i.test(value)) return { kind: 'postgres', connectionString: value };

  if (/^file:/i.test(value)) return { kind: 'sqlite', path: sqlitePathOf(value, cwd) };

  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  const problem = scheme === undefined ? 'has no scheme' : `has the unsupported scheme "${scheme}:"`;
  throw new Error(`DATABASE_URL ${problem}; ${ACCEPTED_FORMS}.`);
}

function sqlitePathOf(fileUrl: string, cwd: string): string {
  const rest = fileUrl.slice('file:'.length);
  let path: string;
  if (rest.startsWith('//')) {
    try {
      path = fileURLToPath(fileUrl);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`DATABASE_URL is not a usable file URL (${reason}); write file:///ABSOLUTE/PATH, or file:PATH for a path relative to the working directory.`);
    }
  } else {
    path = rest;
  }
  if (path === '') throw new Error(`DATABASE_URL "file:" names no file; ${ACCEPTED_FORMS}.`);
  return resolve(cwd, path);
}

/** Opens the store DATABASE_URL names (see parseDatabaseUrl) and brings its schema up to date. */
export async function openStore(databaseUrl: string | undefined, options: { defaultPath?: string } = {}): Promise<Store> {
  const target = parseDatabaseUrl(databaseUrl, options);
  // Only the adapter in use is loaded: each pulls in its own driver.
  const store =
    target.kind === 'sqlite'
      ? (await import('./sqlite/sqlite-store.ts')).openSqliteStore(target.path)
      : (await import('./postgres/postgres-store.ts')).openPostgresStore(target.connectionString);
  try {
    await store.migrate();
  } catch (error) {
    await store.close().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not open the ${store.kind} store at ${store.location}: ${reason}`, { cause: error });
  }
  return store;
}
