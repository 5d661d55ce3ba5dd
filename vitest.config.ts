import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One real PostgreSQL server for the whole run; each test file makes its own database in it.
    globalSetup: ['test/support/postgres-global-setup.ts'],
    pool: 'forks',
    // Servers the tests start, in process or as child processes, check every response against its schema.
    env: { APIDEX_VALIDATE_RESPONSES: '1' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
