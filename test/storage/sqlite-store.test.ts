import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/storage/open-store.ts';
import { assertDurable, openSqliteStore, type SqliteStore } from '../../src/storage/sqlite/sqlite-store.ts';
import type { Store } from '../../src/core/store.ts';
import { createTestSqlitePath } from '../support/postgres.ts';

const openStores: Store[] = [];
afterEach(async () => {
  await Promise.all(openStores.splice(0).map((store) => store.close()));
});

function track<T extends Store>(store: T): T {
  openStores.push(store);
  return store;
}

describe('SQLite store', () => {
  it('runs its connection with synchronous=FULL, WAL journal, foreign keys and a busy timeout', () => {
    const store: SqliteStore = track(openSqliteStore(createTestSqlitePath()));
    expect(store.connectionSettings()).toEqual({ journalMode: 'wal', synchronous: 2, foreignKeys: 1, busyTimeoutMs: 5000 });
  });

  it('refuses to start unless the connection reads back WAL and synchronous=FULL', () => {
    const durable = { journalMode: 'wal', synchronous: 2, foreignKeys: 1, busyTimeoutMs: 5000 };
    expect(() => assertDurable(durable, 'x.db')).not.toThrow();
    expect(() => assertDurable({ ...durable, synchronous: 1 }, 'x.db')).toThrow(/synchronous=1, not 2 \(FULL\)/);
    expect(() => assertDurable({ ...durable, journalMode: 'delete' }, 'x.db')).toThrow(/refused WAL/);
  });

  it('names the file it cannot open', async () => {
    const notAFolder = createTestSqlitePath();
    writeFileSync(notAFolder, '');
    await expect(openStore(`file:${notAFolder}/apidex.db`)).rejects.toThrow(`Cannot open the SQLite file ${notAFolder}/apidex.db`);
  });

  it('closes its connection even when it never ran a query', async () => {
    const store = openSqliteStore(createTestSqlitePath());
    await store.close();
    expect(() => store.connectionSettings()).toThrow(/not open/);
  });

  it('leaves the file in WAL mode, as another connection sees it', async () => {
    const path = createTestSqlitePath();
    track(await openStore(`file:${path}`));
    const other = new SqliteDatabase(path, { readonly: true });
    try {
      expect(other.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      other.close();
    }
  });

  it('creates the missing folders of the default path', async () => {
    const defaultPath = join(dirname(createTestSqlitePath()), 'data', 'nested', 'apidex.db');
    const store = track(await openStore(undefined, { defaultPath }));

    expect(store.kind).toBe('sqlite');
    expect(store.location).toBe(defaultPath);
    expect(existsSync(defaultPath)).toBe(true);
  });

  it('opens a file:/// URL with an absolute path', async () => {
    const path = createTestSqlitePath();
    const store = track(await openStore(`file://${path}`));
    expect(store.location).toBe(path);
    expect(existsSync(path)).toBe(true);
  });
});
