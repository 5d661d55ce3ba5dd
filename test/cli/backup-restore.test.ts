import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { scopedKeyFor } from '../../src/http/idempotency.ts';
import { REPLAY_NOTE } from '../../src/core/reviews/submit-review.ts';
import { openStore } from '../../src/storage/open-store.ts';
import { STORE_KINDS, startTestServer } from '../support/test-server.ts';

const run = promisify(execFile);

async function apidex(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/apidex.js', ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const review = (name: string, rating = 4) => ({
  targetType: 'api',
  targetSlug: 'real-time-channels-api',
  reviewerType: 'human',
  reviewerName: name,
  rating,
  title: `Backup test by ${name}`,
  body: `A review written by ${name} to prove that backups keep every review.`,
});

describe.each(STORE_KINDS)('apidex backup and restore on $kind', ({ kind, databaseUrl }) => {
  it('copies the live store and brings it back exactly, reviews and idempotency keys included', async () => {
    const url = await databaseUrl();
    const env = { DATABASE_URL: url };
    const file = join(inject('scratchDir'), `backup-${kind}-${Date.now()}.${kind === 'sqlite' ? 'db' : 'pgdump'}`);
    const server = await startTestServer(url);
    const post = async (body: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${server.baseUrl}/api/reviews`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      expect(response.status).toBeLessThan(300);
      return { text: await response.text(), status: response.status };
    };
    let keyed: string;
    const before: string[] = [];
    const tokens: Record<string, string> = {};
    const listings = server.ctx.catalogue.size;
    try {
      for (const name of ['ada', 'grace']) {
        const created = JSON.parse((await post(review(name))).text);
        before.push(created.review.id);
        tokens[name] = created.reviewerToken;
      }
      keyed = (await post(review('linus'), { 'idempotency-key': 'backup-key-1' })).text;
      before.push(JSON.parse(keyed).review.id);

      // Taken while the server is up and holding its connections open.
      const backup = await apidex(['backup', file], env);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`Backed up the ${kind} store to ${file}`);

      // Changes after the backup: a new review and an update of an old one.
      await post(review('margaret'));
      expect((await post({ ...review('ada', 1), reviewerToken: tokens.ada })).status).toBe(200);
    } finally {
      await server.close();
    }

    const restore = await apidex(['restore', file], env);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`${listings} listings, 3 reviews`);

    const store = await openStore(url);
    try {
      expect(await store.countListings()).toBe(listings);
      const { items } = await store.listReviews({ status: 'published', limit: 100 });
      expect(items.map((item) => item.id).sort()).toEqual([...before].sort());
      expect(items.find((item) => item.record.reviewerName === 'ada')!.record.rating).toBe(4);
      // The key is kept scoped to the client that sent it, and the recorded answer without the reviewer token (issue 28).
      const recorded = await store.getIdempotentResponse(scopedKeyFor('127.0.0.1', 'backup-key-1'));
      const { reviewerToken, ...rest } = JSON.parse(keyed);
      expect(reviewerToken).toEqual(expect.any(String));
      expect(JSON.parse(recorded!.body)).toEqual({ ...rest, message: `${rest.message} ${REPLAY_NOTE}` });
      expect((await store.moderationLog(before[0]!)).length).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('refuses a file that is not a backup, and one of the other kind of store', async () => {
    const env = { DATABASE_URL: await databaseUrl() };
    const junk = join(inject('scratchDir'), `junk-${kind}.bin`);
    await writeFile(junk, 'not a backup at all');
    const result = await apidex(['restore', junk], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('neither a SQLite backup nor a pg_dump archive');
    const wrongKind = join(inject('scratchDir'), `wrong-${kind}.bin`);
    await writeFile(wrongKind, kind === 'sqlite' ? 'PGDMP\u0001\u000e' : 'SQLite format 3\u0000xxxx');
    const mismatch = await apidex(['restore', wrongKind], env);
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr).toContain(`names a ${kind} store`);
    expect((await apidex(['restore', join(inject('scratchDir'), 'missing.db')], env)).code).toBe(3);
  });
});

describe('apidex restore of a crafted SQLite file', () => {
  it('checks the whole file before touching the live store, and leaves it as it was when the file is unfit (issue 15)', async () => {
    const SqliteDatabase = (await import('better-sqlite3')).default;
    const { createTestSqlitePath } = await import('../support/postgres.ts');
    const live = createTestSqlitePath();
    const env = { DATABASE_URL: `file:${live}` };
    const server = await startTestServer(env.DATABASE_URL);
    await server.close();
    const countsOf = async () => {
      const store = await openStore(env.DATABASE_URL);
      try {
        return [await store.countListings(), await store.countReviews()];
      } finally {
        await store.close();
      }
    };
    const before = await countsOf();
    expect(before[0]).toBeGreaterThan(0);

    // Only a listings table: not an apidex store of any version.
    const bare = join(inject('scratchDir'), 'bare-listings.db');
    const bareDb = new SqliteDatabase(bare);
    bareDb.exec('create table listings(x text)');
    bareDb.close();
    const refusedBare = await apidex(['restore', bare], env);
    expect(refusedBare.code).toBe(1);
    expect(refusedBare.stderr).toMatch(/cannot be brought to this version's store schema.*nothing was restored/);
    expect(await countsOf()).toEqual(before);

    // A real backup with one broken listing document.
    const broken = join(inject('scratchDir'), 'broken-listing.db');
    expect((await apidex(['backup', broken], env)).code).toBe(0);
    const brokenDb = new SqliteDatabase(broken);
    brokenDb.prepare('update listings set document = ? where rowid = (select min(rowid) from listings)').run('{"slug": "half');
    brokenDb.close();
    const refusedBroken = await apidex(['restore', broken], env);
    expect(refusedBroken.code).toBe(1);
    expect(refusedBroken.stderr).toMatch(/not a usable apidex backup: listings row \d+ holds a document that is not JSON; nothing was restored/);
    expect(await countsOf()).toEqual(before);
    // The server can still open the store.
    const again = await startTestServer(env.DATABASE_URL);
    expect((await fetch(`${again.baseUrl}/api/apis/country-reference-data-service`)).status).toBe(200);
    await again.close();
  }, 60_000);
});
