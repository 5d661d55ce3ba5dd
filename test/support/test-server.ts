import { freePort } from './processes.ts';
import { TEST_CATALOG_DIR } from './test-catalog.ts';
import { buildHttpApp, type HttpAppOptions } from '../../src/http/app.ts';
import type { ReviewPolicy } from '../../src/core/reviews/review-policy.ts';
import { openCore } from '../../src/open-core.ts';
import type { CoreContext } from '../../src/core/context.ts';
import { watchCatalogue } from '../../src/core/catalogue/watch-catalogue.ts';
import { createTestDatabase, createTestSqlitePath } from './postgres.ts';

export interface TestServer {
  baseUrl: string;
  ctx: CoreContext;
  close(): Promise<void>;
}

const quiet = { info: () => {}, warn: () => {} };

/**
 * A real apidex HTTP server on a loopback port over a real store loaded with the default catalogue.
 * It does not poll the store unless `refreshIntervalMs` is given: tests that write through
 * `ctx` call `ctx.catalogue.refresh()` themselves, which is faster and deterministic.
 */
export async function startTestServer(
  databaseUrl: string,
  {
    refreshIntervalMs = 0,
    rateLimits = 'off',
    adminToken,
    reviewPolicy,
    catalogDir = TEST_CATALOG_DIR,
    trustProxy = false,
  }: {
    /** APIDEX_TRUST_PROXY as the config parses it: hops or addresses of proxies to believe. */
    trustProxy?: HttpAppOptions['trustProxy'];
    /** The catalogue a fresh store is loaded with; the small test catalogue unless a test names another. */
    catalogDir?: string;
    refreshIntervalMs?: number;
    /** Off unless a test asks: the suites start many servers and hammer them. */
    rateLimits?: HttpAppOptions['rateLimits'];
    adminToken?: string;
    reviewPolicy?: ReviewPolicy;
  } = {},
): Promise<TestServer> {
  const ctx = await openCore({ databaseUrl, catalogDir, ...(reviewPolicy ? { reviewPolicy } : {}) }, { log: quiet });
  // Every response in the tests is checked against the schema /openapi.json publishes.
  // The public URL is the address the tests reach it at, as APIDEX_PUBLIC_URL would say in production.
  const port = await freePort();
  const app = await buildHttpApp({ ctx, validateResponses: true, rateLimits, adminToken, trustProxy, publicUrl: `http://127.0.0.1:${port}` });
  const baseUrl = await app.listen({ port, host: '127.0.0.1' });
  const watch = watchCatalogue(ctx.catalogue, {
    intervalMs: refreshIntervalMs,
    onError: (error) => console.error('test server: catalogue refresh failed:', error),
  });
  return {
    baseUrl,
    ctx,
    close: async () => {
      await watch.stop();
      await app.close();
      await ctx.store.close();
    },
  };
}

/** Both stores, each fresh: run a suite against every adapter. */
export const STORE_KINDS = [
  { kind: 'sqlite', databaseUrl: async () => `file:${createTestSqlitePath()}` },
  { kind: 'postgres', databaseUrl: () => createTestDatabase() },
] as const;
