import { afterEach, describe, expect, it } from 'vitest';
import { listingSchema } from '../../src/core/listings/listing.ts';
import { openStore } from '../../src/storage/open-store.ts';
import { withoutPassword } from '../../src/storage/postgres/postgres-store.ts';
import type { Store } from '../../src/core/store.ts';
import { createTestDatabase } from '../support/postgres.ts';

const openStores: Store[] = [];
afterEach(async () => {
  await Promise.all(openStores.splice(0).map((store) => store.close()));
});

async function open(databaseUrl: string): Promise<Store> {
  const store = await openStore(databaseUrl);
  openStores.push(store);
  return store;
}

function makeListing(slug: string) {
  return listingSchema.parse({ slug, name: `Listing ${slug}`, description: 'A test listing', category: 'Tools' });
}

describe('PostgreSQL store', () => {
  it('shows its location without the password', async () => {
    const url = new URL(await createTestDatabase());
    url.password = 'hunter2'; // the test server trusts every local connection, so any password works
    const store = await open(url.toString());

    expect(store.location).not.toContain('hunter2');
    expect(store.location).toContain(`${url.hostname}:${url.port}${url.pathname}`);
  });

  it.each([
    ['postgres://apidex:s3cret@db:5432/apidex', 'postgres://apidex:***@db:5432/apidex'],
    ['postgres://db/apidex?user=apidex&password=s3cret', 'postgres://db/apidex?user=apidex&password=***'],
    ['postgres://apidex@db/apidex', 'postgres://apidex@db/apidex'],
  ])('hides the password of %s', (connectionString, shown) => {
    expect(withoutPassword(connectionString)).toBe(shown);
  });

  it('fails to open with an error naming the location but not the password', async () => {
    const url = new URL(await createTestDatabase());
    url.password = 'hunter2';
    url.pathname = '/no_such_database';
    await expect(open(url.toString())).rejects.toThrow(/no_such_database/);
    await expect(open(url.toString())).rejects.not.toThrow(/hunter2/);
  });

  it('never lets a poller miss a row while several app servers write at once', async () => {
    const databaseUrl = await createTestDatabase();
    const servers = await Promise.all([open(databaseUrl), open(databaseUrl), open(databaseUrl)]);
    const poller = await open(databaseUrl);

    const expected = new Set<string>();
    const batches = servers.map((server, serverIndex) =>
      (async () => {
        for (let batch = 0; batch < 8; batch += 1) {
          const slugs = Array.from({ length: 5 }, (_, item) => `server-${serverIndex}-batch-${batch}-item-${item}`);
          slugs.forEach((slug) => expected.add(slug));
          await server.saveListings(slugs.map(makeListing));
        }
      })(),
    );
    let writing = true;
    const writes = Promise.all(batches).finally(() => {
      writing = false;
    });
    writes.catch(() => {}); // awaited below; this only stops Node reporting it unhandled meanwhile

    const seen: string[] = [];
    const revisions: number[] = [];
    let revision = 0;
    const poll = async () => {
      const changes = await poller.listingChangesSince(revision, 7);
      seen.push(...changes.items.map((item) => item.listing.slug));
      revisions.push(...changes.items.map((item) => item.revision));
      revision = changes.revision;
      return changes.items.length;
    };
    while (writing) await poll();
    await writes;
    while ((await poll()) > 0);

    expect(new Set(seen)).toEqual(expected);
    expect(seen).toHaveLength(expected.size);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(new Set(revisions).size).toBe(revisions.length);
  });
});
