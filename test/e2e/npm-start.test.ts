import { describe, expect, it } from 'vitest';
import { createTestDatabase, createTestSqlitePath } from '../support/postgres.ts';
import { startServing } from '../support/processes.ts';

describe.each([
  { kind: 'sqlite', databaseUrl: async () => `file:${createTestSqlitePath()}` },
  { kind: 'postgres', databaseUrl: createTestDatabase },
])('npm start on a fresh $kind store', ({ databaseUrl }) => {
  it('migrates, loads the default catalogue and serves the lookup API, then stops cleanly', async () => {
    const url = await databaseUrl();
    const server = await startServing('npm', ['start', '--silent'], { DATABASE_URL: url });
    try {
      const found = (await (await fetch(`${server.baseUrl}/api/apis?q=country&limit=1`)).json()) as any;
      expect(found.items.map((item: any) => item.slug)).toEqual(['country-reference-data-service']);
      const scores = await Promise.all(
        ['authentication-component-service', 'social-sign-in-service', 'country-reference-data-service', 'real-time-channels-api', 'hosted-channels-service'].map(async (slug) => {
          const listing = (await (await fetch(`${server.baseUrl}/api/apis/${slug}`)).json()) as any;
          return [listing.cliRelevance.score, listing.quality.score];
        }),
      );
      expect(scores).toEqual([
        [9, 4],
        [2, 3],
        [4, 3],
        [8, 7],
        [null, null],
      ]);
    } finally {
      await server.stop();
    }
    // A second start on the same store keeps what is there and does not load the catalogue again.
    const again = await startServing(process.execPath, ['--import', 'tsx', 'src/main.ts'], { DATABASE_URL: url });
    try {
      expect(again.output()).not.toContain('Loaded');
      expect(((await (await fetch(`${again.baseUrl}/api/apis`)).json()) as any).total).toBe(6);
    } finally {
      // Node itself (not npm) gets the signal here, so a clean shutdown shows as exit code 0.
      expect(await again.stop()).toBe(0);
    }
  });
});
