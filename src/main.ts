import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { watchCatalogue } from './core/catalogue/watch-catalogue.ts';
import type { CoreContext } from './core/context.ts';
import { loadConfig, type Config } from './config.ts';
import type { App } from './http/app.ts';
import { openCore } from './open-core.ts';
import { createServerLog } from './http/request-log.ts';

/** The single wiring point of the server: configuration → store → catalogue → surfaces. */

export interface RunningServer {
  app: App;
  ctx: CoreContext;
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  // On a large catalogue the HTTP layer loads while the worker finishes the need index, when
  // this thread would otherwise only wait; loaded during the read, it slowed the read.
  let httpModule: Promise<typeof import('./http/app.ts')> | undefined;
  const loadHttp = () => (httpModule ??= import('./http/app.ts'));
  const ctx = await openCore(config, { whileWorkerFinishes: () => void loadHttp().catch(() => {}) });
  const { buildHttpApp } = await loadHttp();
  // While serving, the heap may grow 40% over its live size before a full collection, instead
  // of up to four times: at 100,000 listings that halves peak RSS under load (README). It is set
  // only now, so that reading the catalogue, which only grows the heap, is not slowed by
  // collections that free nothing.
  v8.setFlagsFromString('--heap-growing-percent=40');
  // Building the index leaves a heap sized for the build's garbage, and the collector would size
  // the next target from it. One full collection now starts serving from the live size.
  // `npm start` passes --expose-gc; elsewhere this is skipped.
  (globalThis as { gc?: () => void }).gc?.();
  const log = createServerLog(config.logLevel);
  const app = await buildHttpApp({
    ctx,
    loggerInstance: log.logger,
    validateResponses: config.validateResponses,
    rateLimits: config.rateLimits,
    trustProxy: config.trustProxy,
    adminToken: config.adminToken,
    publicUrl: config.publicUrl,
  });
  const url = await app.listen({ port: config.port, host: config.host });
  app.log.info(`apidex serves ${ctx.catalogue.size} listings from ${ctx.store.location} at ${url}`);
  // Near spellings of unknown slugs and words are indexed now, in chunks between requests (issue 28).
  setImmediate(() => void ctx.catalogue.prepareNearSpellings().catch((error: unknown) => app.log.warn({ err: error }, 'near spellings will be indexed on first use')));
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
      log.flush();
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

/** Starts the server the environment describes and closes it on SIGINT or SIGTERM; `npm start` (bin/start.js) runs this. */
export async function main(): Promise<void> {
  try {
    closeOnSignals(await startServer(loadConfig()));
  } catch (error) {
    console.error(`apidex could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
