import { pathToFileURL } from 'node:url';
import { CatalogueIndex } from './core/catalogue/catalogue-index.ts';
import { syncListings } from './core/catalogue/sync-listings.ts';
import { watchCatalogue } from './core/catalogue/watch-catalogue.ts';
import type { CoreContext } from './core/context.ts';
import { loadConfig, type Config } from './config.ts';
import { buildHttpApp, type App } from './http/app.ts';
import { formatCatalogProblem } from './ingest/catalog-folder/format-catalog-problems.ts';
import { readCatalogFolder } from './ingest/catalog-folder/read-catalog-folder.ts';
import { openStore } from './storage/open-store.ts';

/** The single wiring point: configuration → store → catalogue → surfaces. */

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

const consoleLogger: Logger = { info: (message) => console.error(message), warn: (message) => console.error(message) };

/**
 * Opens the store (migrating it), loads the default catalogue into a fresh one unless told
 * not to (a sync does its own loading), and builds the catalogue index.
 */
export async function openCore(
  config: Pick<Config, 'databaseUrl' | 'catalogDir'> & Partial<Pick<Config, 'reviewPolicy'>>,
  { log = consoleLogger, loadDefaultCatalogue = true }: { log?: Logger; loadDefaultCatalogue?: boolean } = {},
): Promise<CoreContext> {
  const store = await openStore(config.databaseUrl);
  try {
    const started = performance.now();
    const ctx: CoreContext = { store, catalogue: await CatalogueIndex.build(store), ...(config.reviewPolicy ? { reviewPolicy: config.reviewPolicy } : {}) };
    log.info(`Built the catalogue index of ${ctx.catalogue.size} listings in ${Math.round(performance.now() - started)} ms.`);
    if (loadDefaultCatalogue && ctx.catalogue.size === 0) {
      const folder = await readCatalogFolder(config.catalogDir);
      for (const problem of folder.problems) log.warn(`default catalogue: ${formatCatalogProblem(problem)}`);
      const report = await syncListings({ ctx, input: { listings: folder.listings.map((file) => file.listing) } });
      log.info(`Loaded ${report.length} listings from the default catalogue ${config.catalogDir} into ${store.location}.`);
    }
    return ctx;
  } catch (error) {
    await store.close();
    throw error;
  }
}

export interface RunningServer {
  app: App;
  ctx: CoreContext;
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const ctx = await openCore(config);
  // Building the index leaves a heap sized for the build's garbage (at 100k listings about 350 MB
  // for 145 MB live), and the collector would size the next target from it. One full collection
  // now starts serving from the live size. `npm start` passes --expose-gc; elsewhere this is skipped.
  (globalThis as { gc?: () => void }).gc?.();
  const app = await buildHttpApp({
    ctx,
    logger: { level: config.logLevel },
    validateResponses: config.validateResponses,
    rateLimits: config.rateLimits,
    trustProxy: config.trustProxy,
    adminToken: config.adminToken,
  });
  const url = await app.listen({ port: config.port, host: config.host });
  app.log.info(`apidex serves ${ctx.catalogue.size} listings from ${ctx.store.location} at ${url}`);
  // Listings other processes write (another server on the same database, `apidex catalog sync`)
  // reach this server's index within about one interval.
  const watch = watchCatalogue(ctx.catalogue, {
    intervalMs: config.refreshIntervalMs,
    // Once per run of failures, then once a minute or so, rather than on every poll of an outage.
    onError: (error, { consecutiveFailures }) => {
      if (consecutiveFailures === 1 || consecutiveFailures % 60 === 0) {
        app.log.error({ err: error }, `catalogue refresh failed (${consecutiveFailures} in a row); still serving the listings already loaded and retrying every ${config.refreshIntervalMs} ms`);
      }
    },
    onRecovered: ({ failures }) => app.log.warn(`catalogue refresh works again after ${failures} failed attempts`),
  });
  return {
    app,
    ctx,
    url,
    close: async () => {
      // The watch first: a poll still running must finish before the store closes under it.
      await watch.stop();
      await app.close();
      await ctx.store.close();
    },
  };
}

function closeOnSignals(server: RunningServer): void {
  const close = (signal: string) => {
    server.app.log.info(`${signal} received; closing`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    closeOnSignals(await startServer(loadConfig()));
  } catch (error) {
    console.error(`apidex could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
