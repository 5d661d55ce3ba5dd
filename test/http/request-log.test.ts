import { describe, expect, it } from 'vitest';
import { humanLogLine } from '../../src/http/request-log.ts';
import { startServing } from '../support/processes.ts';
import { createTestSqlitePath } from '../support/postgres.ts';

describe('the server log', () => {
  it('reads as one short line per request on a terminal', () => {
    const time = Date.UTC(2026, 10, 24, 8, 1, 2);
    expect(humanLogLine(JSON.stringify({ level: 30, time, msg: 'request', method: 'GET', url: '/api/discover?q=weather', status: 200, ms: 3.43 }))).toBe('08:01:02 GET /api/discover?q=weather 200 3.4 ms\n');
    expect(humanLogLine(JSON.stringify({ level: 40, time, msg: 'catalogue refresh works again' }))).toBe('08:01:02 WARN catalogue refresh works again\n');
    expect(humanLogLine('not json')).toBe('not json');
  });

  it('writes one JSON line per request when its output is not a terminal', async () => {
    const server = await startServing(process.execPath, ['--import', 'tsx', 'src/main.ts'], { DATABASE_URL: `file:${createTestSqlitePath()}`, APIDEX_CATALOG_DIR: 'test/fixtures/catalog', LOG_LEVEL: 'info' }, 60_000);
    try {
      await (await fetch(`${server.baseUrl}/healthz?from=log-test`)).text();
      await (await fetch(`${server.baseUrl}/api/apis/no-such-api`)).text();
      await server.stop();
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === 'request');
      // startServing polled /healthz until the server answered: those lines come first.
      expect(lines.slice(-2).map((entry) => [entry.method, entry.url, entry.status])).toEqual([
        ['GET', '/healthz?from=log-test', 200],
        ['GET', '/api/apis/no-such-api', 404],
      ]);
      expect(typeof lines.at(-1)!.ms).toBe('number');
    } finally {
      await server.stop();
    }
  });
});
