import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One real PostgreSQL server for the whole run; each test file makes its own database in it.
    globalSetup: ['test/support/postgres-global-setup.ts'],
    pool: 'forks',
    // Vitest's default outside watch mode is one fork fewer than the cores, so one fork on a two-core
    // machine; most files wait on servers, browsers and child processes, so one fork per core halves the run.
    poolOptions: { forks: { maxForks: availableParallelism() } },
    // Servers the tests start, in process or as child processes, check every response against its schema,
    // and load the small test catalogue unless a test names another (catalog/ is the real default one).
    env: { APIDEX_VALIDATE_RESPONSES: '1', APIDEX_CATALOG_DIR: 'test/fixtures/catalog' },
    // Two forks share two cores, so a test that starts the real server on the real catalogue (17 s alone) can take
    // longer than it does alone; a hang still fails.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
