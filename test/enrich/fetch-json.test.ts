import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetryPolicy } from '../../src/enrich/enrich-settings.ts';
import { backoffDelay, fetchJson, FetchJsonError } from '../../src/enrich/fetch-json.ts';
import { RegistryReplayServer } from './registry-replay-server.ts';

let server: RegistryReplayServer;
beforeAll(async () => {
  server = await RegistryReplayServer.start();
});
afterAll(async () => {
  await server.close();
});

const FAST: RetryPolicy = { attempts: 3, timeoutMs: 300, backoffMs: 1, maxBackoffMs: 5 };

/** Records the waits instead of sleeping them. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('fetching JSON with timeouts and bounded retries', () => {
  it('retries a 500 with backoff and returns the document once it comes', async () => {
    const path = '/registry/flaky-once';
    server.script(path, { status: 500, body: 'oops' }, { fixture: 'registry/ably.json' });
    const { waits, sleep } = recordingSleep();
    const result = await fetchJson(`${server.registryUrl}/flaky-once`, { retry: { ...FAST, backoffMs: 100, maxBackoffMs: 1000 }, sleep, random: () => 0.5 });
    expect(result).toMatchObject({ kind: 'ok', attempts: 2, body: { name: 'ably' } });
    expect(waits).toEqual([50]);
    expect(server.requestsFor(path)).toHaveLength(2);
  });

  it('gives up after the set number of attempts, naming the last failure', async () => {
    const path = '/registry/always-500';
    server.script(path, { status: 500 });
    const { waits, sleep } = recordingSleep();
    const failure = fetchJson(`${server.registryUrl}/always-500`, { retry: { ...FAST, attempts: 4, backoffMs: 100, maxBackoffMs: 250 }, sleep, random: () => 0.99 });
    await expect(failure).rejects.toThrow(FetchJsonError);
    await expect(failure).rejects.toThrow(/always-500: HTTP 500 Internal Server Error \(after 4 attempts\)$/);
    expect(server.requestsFor(path)).toHaveLength(4);
    // Ceilings 100, 200, 400 capped at 250, each jittered (0.99 of it).
    expect(waits).toEqual([99, 198, 247]);
  });

  it('times out a route that never answers, and retries it', async () => {
    const path = '/registry/never-answers';
    server.script(path, { hang: true });
    const started = Date.now();
    await expect(fetchJson(`${server.registryUrl}/never-answers`, { retry: { ...FAST, attempts: 2, timeoutMs: 150 } })).rejects.toThrow(
      /never-answers: no answer within 150 ms \(after 2 attempts\)/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(server.requestsFor(path)).toHaveLength(2);
  });

  it('retries a body cut off mid-transfer (malformed JSON)', async () => {
    const path = '/registry/cut-off';
    server.script(path, { truncate: 'registry/ably.json', bytes: 120 });
    await expect(fetchJson(`${server.registryUrl}/cut-off`, { retry: FAST })).rejects.toThrow(/cut-off: the answer is not valid JSON \(starts "\{\\n  \\"_id\\": \\"ably\\",.*\(after 3 attempts\)/);
    expect(server.requestsFor(path)).toHaveLength(3);
  });

  it('stops reading a chunked answer with no Content-Length once it passes the cap, and does not retry it (issue 15)', async () => {
    const { createServer } = await import('node:http');
    let sent = 0;
    let closedEarly = false;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const streaming = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }); // chunked: no length said
      const pump = () => {
        while (sent < 200 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.on('close', () => (closedEarly = sent < 200 * 1024 * 1024));
      pump();
    });
    await new Promise<void>((resolve) => streaming.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(streaming.address() as { port: number }).port}/huge`;
      const failure = fetchJson(url, { retry: { ...FAST, timeoutMs: 10_000 }, maxBodyBytes: 1024 * 1024 });
      await expect(failure).rejects.toThrow(/huge: the answer passed 1048576 bytes while it was read, more than is read at most \(not retried\)$/);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(closedEarly).toBe(true);
      expect(sent).toBeLessThan(64 * 1024 * 1024);
    } finally {
      streaming.closeAllConnections();
      await new Promise((resolve) => streaming.close(resolve));
    }
  });

  it('answers 404 as "not found" at once, without retrying', async () => {
    const result = await fetchJson(`${server.registryUrl}/no-such-package-at-all`, { retry: FAST });
    expect(result).toEqual({ kind: 'not-found', status: 404, attempts: 1 });
    expect(server.requestsFor('/registry/no-such-package-at-all')).toHaveLength(1);
  });

  it('does not retry another 4xx', async () => {
    server.script('/registry/forbidden', { status: 403 });
    await expect(fetchJson(`${server.registryUrl}/forbidden`, { retry: FAST })).rejects.toThrow(/forbidden: HTTP 403 Forbidden \(not retried\)/);
    expect(server.requestsFor('/registry/forbidden')).toHaveLength(1);
  });

  it('waits at least what Retry-After asks on a 429, never beyond the cap', async () => {
    server.script('/registry/limited', { status: 429, headers: { 'retry-after': '1' } }, { fixture: 'registry/left-pad.json' });
    const { waits, sleep } = recordingSleep();
    const result = await fetchJson(`${server.registryUrl}/limited`, { retry: { ...FAST, backoffMs: 10, maxBackoffMs: 2000 }, sleep, random: () => 0 });
    expect(result.kind).toBe('ok');
    expect(waits).toEqual([1000]);

    server.script('/registry/limited-long', { status: 429, headers: { 'retry-after': '3600' } }, { fixture: 'registry/left-pad.json' });
    const capped = recordingSleep();
    await fetchJson(`${server.registryUrl}/limited-long`, { retry: { ...FAST, backoffMs: 10, maxBackoffMs: 2000 }, sleep: capped.sleep, random: () => 0 });
    expect(capped.waits).toEqual([2000]);
  });

  it('reports a connection refused as a failure after retrying', async () => {
    const closed = await RegistryReplayServer.start();
    const url = `${closed.registryUrl}/ably`;
    await closed.close();
    await expect(fetchJson(url, { retry: FAST })).rejects.toThrow(/cannot connect \(ECONNREFUSED\) \(after 3 attempts\)/);
  });
});

describe('backoff', () => {
  const policy: RetryPolicy = { attempts: 6, timeoutMs: 1000, backoffMs: 500, maxBackoffMs: 8000 };

  it('doubles its ceiling each attempt up to the cap, with full jitter below it', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, policy, () => 0.999999))).toEqual([499, 999, 1999, 3999, 7999, 7999]);
    expect([1, 2, 3].map((attempt) => backoffDelay(attempt, policy, () => 0))).toEqual([0, 0, 0]);
    for (let i = 0; i < 200; i += 1) {
      const delay = backoffDelay(3, policy, Math.random);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(2000);
    }
  });
});
