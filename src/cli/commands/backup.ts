import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import type { Command } from 'commander';
import { parseDatabaseUrl, type DatabaseTarget } from '../../storage/open-store.ts';
import { CliError, EXIT } from '../exit-codes.ts';
import type { CliIo } from '../io.ts';

/**
 * `apidex backup FILE`: a consistent copy of the live store, taken while servers keep
 * serving and writing. SQLite: the online backup API (a snapshot of one committed state,
 * restarted by SQLite if another connection writes mid-copy). PostgreSQL: pg_dump, which
 * reads one snapshot; its custom format is what `apidex restore` hands to pg_restore.
 */

const run = promisify(execFile);

export const SQLITE_HEADER = 'SQLite format 3\u0000';
export const PG_DUMP_HEADER = 'PGDMP';

export async function runPostgresTool(program: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(program, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failed = error as { code?: string | number; stderr?: string };
    if (failed.code === 'ENOENT') throw new CliError(`${program} was not found on PATH; install the PostgreSQL client tools (Debian: apt-get install postgresql-client).`, EXIT.environment);
    throw new CliError(`${program} failed: ${(failed.stderr ?? String(error)).trim()}`, EXIT.environment);
  }
}

export function targetOf(io: CliIo): DatabaseTarget {
  try {
    return parseDatabaseUrl(io.config().databaseUrl);
  } catch (error) {
    throw new CliError((error as Error).message, EXIT.environment);
  }
}

async function backupSqlite(path: string, file: string): Promise<void> {
  if (!existsSync(path)) throw new CliError(`There is no SQLite store at ${path} to back up; check DATABASE_URL.`, EXIT.environment);
  const source = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  // Written next to FILE and renamed when complete, so FILE is never a half-written copy.
  const partial = `${file}.partial`;
  try {
    await source.backup(partial);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw new CliError(`The SQLite backup of ${path} failed: ${(error as Error).message}`, EXIT.environment);
  } finally {
    source.close();
  }
}

export function registerBackupCommand(program: Command, io: CliIo): void {
  program
    .command('backup')
    .description('Write a consistent copy of the store (DATABASE_URL) to FILE while it stays in use: SQLite\'s online backup, or pg_dump for PostgreSQL.')
    .argument('<file>', 'where to write the backup (replaced if it exists)')
    .addHelpText('after', '\nExamples:\n  npx apidex backup backups/apidex-$(date +%F).db\n  DATABASE_URL=postgres://apidex@db/apidex npx apidex backup apidex.pgdump\n\nRestore with `npx apidex restore FILE`.')
    .action(async (file: string) => {
      const target = targetOf(io);
      const started = performance.now();
      if (target.kind === 'sqlite') {
        await backupSqlite(target.path, file);
      } else {
        await runPostgresTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${target.connectionString}`]);
      }
      const { size } = await stat(file);
      io.out(`Backed up the ${target.kind} store to ${file} (${size} bytes) in ${Math.round(performance.now() - started)} ms. Restore with: npx apidex restore ${file}`);
    });
}
