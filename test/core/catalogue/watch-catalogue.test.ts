import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { CatalogueIndex } from '../../../src/core/catalogue/catalogue-index.ts';
import { watchCatalogue, type CatalogueWatch } from '../../../src/core/catalogue/watch-catalogue.ts';
import { listingSchema } from '../../../src/core/listings/listing.ts';
import { openStore } from '../../../src/storage/open-store.ts';
import type { Store } from '../../../src/core/store.ts';
import { createTestSqlitePath } from '../../support/postgres.ts';

const listing = (slug: string) => listingSchema.parse({ slug, name: slug.replaceAll('-', ' '), description: 'A test listing', category: 'Testing' });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}

const INTERVAL_MS = 100;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * One SQLite file opened twice: `reader` behind the index being watched, `writer` standing in
 * for another process. The watched index learns of the writer's listings only from the file.
 */
async function openSharedFile() {
  const path = createTestSqlitePath();
  const open = async () => {
    const store = await openStore(`file:${path}`);
    cleanups.push(() => store.close());
    return store;
  };
  const reader: Store = await open();
  const writer: Store = await open();
  const catalogue = await CatalogueIndex.build(reader);
  return { path, writer, catalogue };
}

const watching = (watch: CatalogueWatch) => {
  cleanups.push(() => watch.stop());
  return watch;
};

describe('watchCatalogue on a real SQLite file', () => {
  it('brings in a listing another connection writes, within about one interval', async () => {
    const { writer, catalogue } = await openSharedFile();
    watching(watchCatalogue(catalogue, { intervalMs: INTERVAL_MS, onError: (error) => expect.fail(String(error)) }));
    const before = catalogue.generation;
    await writer.saveListings([listing('written-elsewhere-service')]);
    const written = performance.now();
    await waitFor(() => catalogue.get('written-elsewhere-service') !== undefined);
    expect(performance.now() - written).toBeLessThan(INTERVAL_MS * 5);
    expect(catalogue.generation).toBe(before + 1);
  });

  it('starts a poll only after the previous one has finished, and stop() waits for one under way', async () => {
    const { writer, catalogue } = await openSharedFile();
    // The real index behind a refresh that takes longer than the interval.
    let running = 0;
    let mostAtOnce = 0;
    const spans: { start: number; end: number }[] = [];
    const slow = {
      refresh: async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        const start = performance.now();
        try {
          await sleep(INTERVAL_MS * 2);
          return await catalogue.refresh();
        } finally {
          running -= 1;
          spans.push({ start, end: performance.now() });
        }
      },
    };
    const watch = watching(watchCatalogue(slow, { intervalMs: INTERVAL_MS, onError: (error) => expect.fail(String(error)) }));
    await writer.saveListings([listing('slowly-found-service')]);
    await waitFor(() => spans.length >= 4);
    expect(catalogue.get('slowly-found-service')).toBeDefined();
    expect(mostAtOnce).toBe(1);
    for (let i = 1; i < spans.length; i += 1) {
      // setTimeout may fire up to a millisecond early against performance.now().
      expect(spans[i]!.start - spans[i - 1]!.end).toBeGreaterThanOrEqual(INTERVAL_MS - 2);
    }

    await waitFor(() => running === 1);
    await watch.stop();
    expect(running).toBe(0);
    const polls = spans.length;
    await sleep(INTERVAL_MS * 4);
    expect(spans.length).toBe(polls);
  });

  it('reports each failed poll, keeps polling through a store error, and says when it works again', async () => {
    const { path, writer, catalogue } = await openSharedFile();
    const failures: { message: string; consecutiveFailures: number }[] = [];
    const recoveries: number[] = [];
    watching(
      watchCatalogue(catalogue, {
        intervalMs: INTERVAL_MS,
        onError: (error, { consecutiveFailures }) => {
          failures.push({ message: error instanceof Error ? error.message : String(error), consecutiveFailures });
          throw new Error('a listener that throws does not stop the polling');
        },
        onRecovered: ({ failures }) => recoveries.push(failures),
      }),
    );
    await writer.saveListings([listing('before-outage-service')]);
    await waitFor(() => catalogue.get('before-outage-service') !== undefined);

    // A real store error: the change feed's table disappears from under the index's connection.
    const raw = new SqliteDatabase(path);
    cleanups.push(() => void raw.close());
    raw.exec('alter table listings rename to listings_away');
    await waitFor(() => failures.length >= 3);
    expect(failures.slice(0, 3)).toEqual([1, 2, 3].map((consecutiveFailures) => ({ message: expect.stringContaining('no such table: listings'), consecutiveFailures })));
    // Still serving what it had.
    expect(catalogue.get('before-outage-service')).toBeDefined();

    raw.exec('alter table listings_away rename to listings');
    await writer.saveListings([listing('after-outage-service')]);
    await waitFor(() => catalogue.get('after-outage-service') !== undefined);
    await waitFor(() => recoveries.length === 1);
    expect(recoveries).toEqual([failures.length]);
  });

  it('does nothing when the interval is 0', async () => {
    const { writer, catalogue } = await openSharedFile();
    const watch = watchCatalogue(catalogue, { intervalMs: 0, onError: (error) => expect.fail(String(error)) });
    await writer.saveListings([listing('never-polled-service')]);
    await sleep(INTERVAL_MS * 3);
    expect(catalogue.get('never-polled-service')).toBeUndefined();
    await watch.stop();
  });

  it('does not keep the process alive', async () => {
    const { path } = await openSharedFile();
    // A script that starts a watch and never stops it: it must still exit on its own.
    const script = join(dirname(path), 'watch-and-leave.mts');
    const source = (file: string) => JSON.stringify(pathToFileURL(resolve(file)).href);
    writeFileSync(
      script,
      [
        `import { CatalogueIndex } from ${source('src/core/catalogue/catalogue-index.ts')};`,
        `import { watchCatalogue } from ${source('src/core/catalogue/watch-catalogue.ts')};`,
        `import { openStore } from ${source('src/storage/open-store.ts')};`,
        `const catalogue = await CatalogueIndex.build(await openStore(${JSON.stringify(`file:${path}`)}));`,
        `watchCatalogue(catalogue, { intervalMs: ${INTERVAL_MS}, onError: (error) => { console.error(error); process.exitCode = 1; } });`,
        `setTimeout(() => console.log('polled for a while'), ${INTERVAL_MS * 3});`,
      ].join('\n'),
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { timeout: 15_000 });
    expect(stdout.trim()).toBe('polled for a while');
  });
});
