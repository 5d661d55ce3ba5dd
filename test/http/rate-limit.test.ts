import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';

describe('rate limits per client address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(await STORE_KINDS[0].databaseUrl(), { rateLimits: { writes: { limit: 3, windowSeconds: 60 }, reads: { limit: 5, windowSeconds: 30 } } });
  });
  afterAll(async () => server?.close());

  const write = () => fetch(`${server.baseUrl}/api/reviews`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });

  it('counts writes tightly and says where the client stands, then answers 429 problem+json with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await write());
    expect(answers.slice(0, 3).map((response) => response.status)).toEqual([422, 422, 422]);
    expect(answers[0]!.headers.get('ratelimit-policy')).toBe('"writes";q=3;w=60');
    expect(answers[0]!.headers.get('ratelimit')).toMatch(/^"writes";r=2;t=\d+$/);
    expect(answers[2]!.headers.get('ratelimit')).toMatch(/^"writes";r=0;t=\d+$/);
    const refused = answers[3]!;
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({ status: 429, code: 'rate_limited', type: '/problems/rate-limited' });
  });

  it('counts the website\'s review form as a write too, sharing the address\'s write quota', async () => {
    const form = await fetch(`${server.baseUrl}/apis/real-time-channels-api/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
      body: 'rating=5',
      redirect: 'manual',
    });
    // The API writes above used the quota of 3 up.
    expect(form.status).toBe(429);
    expect(form.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('counts reads separately and more loosely', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${server.baseUrl}/api/reviews?slug=real-time-channels-api`);
      statuses.push(response.status);
      if (i === 0) expect(response.headers.get('ratelimit-policy')).toBe('"reads";q=5;w=30');
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('limits loopback clients like any other: a local reverse proxy is loopback too (issue 15)', async () => {
    const strict = await startTestServer(await STORE_KINDS[0].databaseUrl(), { rateLimits: { writes: { limit: 1, windowSeconds: 60 }, reads: { limit: 2, windowSeconds: 60 } } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await fetch(`${strict.baseUrl}/api/apis?limit=1`)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await strict.close();
    }
  });

  it('counts every spelling of a path and every surface against the same read quota (issue 15)', async () => {
    const strict = await startTestServer(await STORE_KINDS[0].databaseUrl(), { rateLimits: { writes: { limit: 1, windowSeconds: 60 }, reads: { limit: 3, windowSeconds: 60 } } });
    try {
      // /%61pi/ is /api/ to the router; the website's need search runs discover; both are reads.
      const first = await fetch(`${strict.baseUrl}/%61pi/discover?q=weather`);
      expect(first.headers.get('ratelimit')).toMatch(/^"reads";r=2;/);
      expect((await fetch(`${strict.baseUrl}/search?q=weather&mode=need`)).headers.get('ratelimit')).toMatch(/^"reads";r=1;/);
      expect((await fetch(`${strict.baseUrl}/apis/country-reference-data-service`)).status).toBe(200);
      const refused = await fetch(`${strict.baseUrl}/%61pi/discover?q=weather`);
      expect(refused.status).toBe(429);
    } finally {
      await strict.close();
    }
  });

  it('leaves the health probe and the static assets alone', async () => {
    for (let i = 0; i < 10; i += 1) expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/healthz`)).headers.get('ratelimit')).toBeNull();
  });
});
