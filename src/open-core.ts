import { CatalogueIndex, type CatalogueBuildOptions } from './core/catalogue/catalogue-index.ts';
import type { CoreContext } from './core/context.ts';
import type { Config } from './config.ts';
import { openStore } from './storage/open-store.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REDIRECTS_FILE, SlugRedirects } from './core/catalogue/slug-redirects.ts';

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
  {
    log = consoleLogger,
    loadDefaultCatalogue = true,
    whileWorkerFinishes,
    needIndexOnFirstUse,
    needIndexCache,
  }: {
    log?: Logger;
    loadDefaultCatalogue?: boolean;
    /** Called when only the need index's worker is still busy; see CatalogueBuildOptions. */
    whileWorkerFinishes?: () => void;
  } & Pick<CatalogueBuildOptions, 'needIndexOnFirstUse' | 'needIndexCache'> = {},
): Promise<CoreContext> {
  const store = await openStore(config.databaseUrl);
  try {
    const started = performance.now();
    const catalogue = await CatalogueIndex.build(store, {
      onWorkerFailure: (error) => log.warn(`built the need index on the main thread: ${error.message}`),
      whileWorkerFinishes,
      needIndexOnFirstUse,
      needIndexCache,
    });
    const ctx: CoreContext = { store, catalogue, ...(config.reviewPolicy ? { reviewPolicy: config.reviewPolicy } : {}) };
    if (ctx.catalogue.size > 0) {
      log.info(`Built the catalogue index of ${ctx.catalogue.size} listings in ${Math.round(performance.now() - started)} ms.`);
    } else if (loadDefaultCatalogue) {
      log.info(`The store ${store.location} is empty: loading the default catalogue from ${config.catalogDir}.`);
    }
    if (loadDefaultCatalogue && ctx.catalogue.size === 0) {
      // Only a fresh store reads the folder: a command on a loaded one does not load the YAML parser.
      const [{ readCatalogFolder }, { formatCatalogProblem }, { syncListings }] = await Promise.all([
        import('./ingest/catalog-folder/read-catalog-folder.ts'),
        import('./ingest/catalog-folder/format-catalog-problems.ts'),
        import('./core/catalogue/sync-listings.ts'),
      ]);
      const folder = await readCatalogFolder(config.catalogDir);
      for (const problem of folder.problems) log.warn(`default catalogue: ${formatCatalogProblem(problem)}`);
      const report = await syncListings({ ctx, input: { listings: folder.listings.map((file) => file.listing) } });
      log.info(`Loaded ${report.length} listings from the default catalogue ${config.catalogDir} into ${store.location}.`);
      ctx.catalogue.setRedirects(new SlugRedirects(folder.redirects));
    } else if (existsSync(join(config.catalogDir, REDIRECTS_FILE))) {
      // Old slugs are not stored: they are read from the catalogue folder when a slug is first
      // not found, so that a start (or a one-shot command) never loads the YAML parser for them.
      ctx.catalogue.setRedirects(async () => {
        const [{ readCatalogRedirects }, { formatCatalogProblem }] = await Promise.all([
          import('./ingest/catalog-folder/read-catalog-redirects.ts'),
          import('./ingest/catalog-folder/format-catalog-problems.ts'),
        ]);
        const moved = readCatalogRedirects(config.catalogDir);
        for (const problem of moved.problems) log.warn(`default catalogue: ${formatCatalogProblem(problem)}`);
        return new SlugRedirects(moved.redirects);
      });
    }
    return ctx;
  } catch (error) {
    await store.close();
    throw error;
  }
}
