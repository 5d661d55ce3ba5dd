import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * Fresh databases for tests, inside what the global setup (./postgres-global-setup.ts)
 * started: its one PostgreSQL server and its scratch folder, both removed after the run.
 */

/** Creates an empty database on the test server and returns its postgres:// URL. */
export async function createTestDatabase(): Promise<string> {
  const serverUrl = inject('postgresUrl');
  const name = `apidex_test_${randomUUID().replaceAll('-', '')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A path for a new SQLite file in a folder of its own (the file itself does not exist yet). */
export function createTestSqlitePath(): string {
  return join(mkdtempSync(join(inject('scratchDir'), 'sqlite-')), 'apidex.db');
}
