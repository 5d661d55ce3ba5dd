import { existsSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import SqliteDatabase from 'better-sqlite3';
import type { Command } from 'commander';
import { listingSchema } from '../../core/listings/listing.ts';
import { openStore } from '../../storage/open-store.ts';
import { CliError, EXIT } from '../exit-codes.ts';
import type { CliIo } from '../io.ts';
import { PG_DUMP_HEADER, runPostgresTool, SQLITE_HEADER, targetOf } from './backup.ts';

/**
 * `apidex restore FILE`: replaces the store's contents (DATABASE_URL) with a backup made by
 * `apidex backup`. SQLite: the backup API copies the file into the store page by page under
 * SQLite's own locks. PostgreSQL: pg_restore --clean in one transaction, so a failed restore
 * leaves the store as it was. Stop the servers first; they keep what they had in memory.
 */

async function headerOf(file: string): Promise<string> {
  const handle = await open(file, 'r').catch((error: Error) => {
    throw new CliError(`Cannot read the backup ${file}: ${error.message}`, EXIT.environment);
  });
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    return buffer.subarray(0, bytesRead).toString('latin1');
  } finally {
    await handle.close();
  }
}

/** Every stored document parses (and every listing is one the schema takes), or the first that does not, named. */
function firstBadDocument(database: SqliteDatabase.Database): string | undefined {
  for (const table of ['listings', 'reviews', 'submissions']) {
    const rows = database.prepare(`select rowid, document from ${table}`).iterate() as Iterable<{ rowid: number; document: string }>;
    for (const row of rows) {
      let value: unknown;
      try {
        value = JSON.parse(row.document);
      } catch {
        return `${table} row ${row.rowid} holds a document that is not JSON`;
      }
      if (table === 'listings' && !listingSchema.safeParse(value).success) return `${table} row ${row.rowid} holds a listing the schema refuses`;
    }
  }
  return undefined;
}

/**
 * All or nothing: the backup is copied to a staging file beside the store, migrated there (which
 * refuses a store of an unknown or newer version), and every document read back; only a copy
 * that passes all of it is written into the live store, by SQLite's backup API in one
 * transaction. A crafted or broken file leaves the live store exactly as it was (issue 15).
 */
async function restoreSqlite(file: string, path: string): Promise<void> {
  let source: SqliteDatabase.Database;
  try {
    source = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new CliError(`Cannot open the backup ${file}: ${(error as Error).message}`, EXIT.environment);
  }
  const staging = `${path}.restoring-${process.pid}`;
  const removeStaging = () => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${staging}${suffix}`, { force: true });
  };
  removeStaging();
  try {
    try {
      const hasListings = source.prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'listings'").get() as { n: number };
      if (hasListings.n !== 1) throw new CliError(`${file} is a SQLite file but not an apidex store (it has no listings table); nothing was restored.`, EXIT.failed);
      const check = source.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new CliError(`${file} fails SQLite's integrity check (${String(check)}); nothing was restored.`, EXIT.failed);
      await source.backup(staging);
    } finally {
      source.close();
    }
    try {
      const store = await openStore(`file:${staging}`);
      await store.close();
    } catch (error) {
      throw new CliError(`${file} cannot be brought to this version's store schema (${(error as Error).message.replace(/^Could not open the sqlite store at [^:]+: /, '')}); nothing was restored.`, EXIT.failed);
    }
    const staged = new SqliteDatabase(staging, { fileMustExist: true });
    try {
      const bad = firstBadDocument(staged);
      if (bad) throw new CliError(`${file} is not a usable apidex backup: ${bad}; nothing was restored.`, EXIT.failed);
      await staged.backup(path);
    } finally {
      staged.close();
    }
  } finally {
    removeStaging();
  }
}

export function registerRestoreCommand(program: Command, io: CliIo): void {
  program
    .command('restore')
    .description('Replace the contents of the store (DATABASE_URL) with a backup made by `apidex backup`. Stop the servers using the store first.')
    .argument('<file>', 'a backup made by `apidex backup` for the same kind of store')
    .addHelpText('after', '\nExamples:\n  npx apidex restore backups/apidex-2026-11-21.db\n  DATABASE_URL=postgres://apidex@db/apidex npx apidex restore apidex.pgdump')
    .action(async (file: string) => {
      if (!existsSync(file)) throw new CliError(`There is no backup at ${file}.`, EXIT.environment);
      const target = targetOf(io);
      const header = await headerOf(file);
      const kind = header.startsWith(SQLITE_HEADER) ? 'sqlite' : header.startsWith(PG_DUMP_HEADER) ? 'postgres' : undefined;
      if (kind === undefined) throw new CliError(`${file} is neither a SQLite backup nor a pg_dump archive made by \`apidex backup\`; nothing was restored.`, EXIT.failed);
      if (kind !== target.kind) {
        throw new CliError(`${file} is a ${kind} backup but DATABASE_URL names a ${target.kind} store; restore it into a ${kind} store (moving between them is not supported). Nothing was restored.`, EXIT.failed);
      }
      const started = performance.now();
      if (target.kind === 'sqlite') {
        await restoreSqlite(file, target.path);
      } else {
        await runPostgresTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${target.connectionString}`, file]);
      }
      // Migrate a backup from an older version, and say what is now in the store.
      const store = await openStore(io.config().databaseUrl);
      try {
        io.out(`Restored ${file} into the ${target.kind} store ${store.location} in ${Math.round(performance.now() - started)} ms: ${await store.countListings()} listings, ${await store.countReviews()} reviews.`);
      } finally {
        await store.close();
      }
    });
}
