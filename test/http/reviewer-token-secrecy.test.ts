import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLAY_NOTE } from '../../src/core/reviews/submit-review.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startServing } from '../support/processes.ts';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Issue 28, finding 3: a reviewer token must never leave the response that creates it. The form
 * redirected to a URL holding it (request logs, history, proxies), a keyed JSON review kept it in
 * idempotency_keys for 24 hours, a key any client guessed replayed it, and the listing page
 * showed any token put in its query string.
 */

/** Every recorded response body in idempotency_keys, read from the database itself. */
async function recordedBodies(databaseUrl: string): Promise<string[]> {
  if (databaseUrl.startsWith('file:')) {
    const db = new Database(databaseUrl.slice('file:'.length), { readonly: true });
    try {
      return (db.prepare('select response_body from idempotency_keys').all() as { response_body: string }[]).map((row) => row.response_body);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ response_body: string }>('select response_body from idempotency_keys')).rows.map((row) => row.response_body);
  } finally {
    await client.end();
  }
}

let serial = 0;
const aReview = (overrides: Record<string, unknown> = {}) => {
  serial += 1;
  return { targetType: 'api', targetSlug: 'country-reference-data-service', reviewerType: 'agent', reviewerName: `token-keeper-${serial}-${Date.now()}`, rating: 4, title: 'Worked from a script', body: 'The first call worked.', ...overrides };
};

describe.each(STORE_KINDS)('reviewer tokens stay in the answer that creates them, on $kind (issue 28)', ({ databaseUrl }) => {
  let server: TestServer;
  let url: string;
  beforeAll(async () => {
    url = await databaseUrl();
    // One proxy hop is trusted, so each test client is told apart by X-Forwarded-For, as behind a load balancer.
    server = await startTestServer(url, { trustProxy: 1 });
  });
  afterAll(async () => server?.close());

  const postJson = (body: unknown, headers: Record<string, string>) =>
    fetch(`${server.baseUrl}/api/reviews`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('keeps no token in the idempotency record: a replay answers the first body without it and says it was shown once', async () => {
    const review = aReview();
    const headers = { 'idempotency-key': `secret-${serial}-${Date.now()}`, 'x-forwarded-for': '198.51.100.7' };
    const first = await postJson(review, headers);
    expect(first.status).toBe(201);
    const created = (await first.json()) as { reviewerToken: string; message: string };
    expect(created.reviewerToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    for (const body of await recordedBodies(url)) expect(body).not.toContain(created.reviewerToken);

    const replay = await postJson(review, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const replayed = (await replay.json()) as { reviewerToken?: string; message: string };
    expect(replayed.reviewerToken).toBeUndefined();
    expect(replayed.message).toBe(`${created.message} ${REPLAY_NOTE}`);
  });

  it('scopes idempotency keys to the client: another address sending the same key and body gets no replay', async () => {
    const review = aReview();
    const key = `guessable-${serial}`;
    const mine = await postJson(review, { 'idempotency-key': key, 'x-forwarded-for': '198.51.100.8' });
    expect(mine.status).toBe(201);
    const { reviewerToken } = (await mine.json()) as { reviewerToken: string };
    const theirs = await postJson(review, { 'idempotency-key': key, 'x-forwarded-for': '203.0.113.9' });
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    // Handled as its own request: the same reviewer name from another client, without the token, may not replace the review.
    expect(theirs.status).toBe(409);
    expect(await theirs.text()).not.toContain(reviewerToken);
    // And a key another client already used is no 422 for this one.
    const other = await postJson(aReview(), { 'idempotency-key': key, 'x-forwarded-for': '203.0.113.10' });
    expect(other.status).toBe(201);
  });

  it('answers the review form with the token on a page no cache keeps, never in a URL', async () => {
    const form = { reviewerType: 'human', reviewerName: `Form Keeper ${serial}-${Date.now()}`, rating: '4', title: 'Set up from a script', body: 'The key sat in an environment variable.' };
    const response = await fetch(`${server.baseUrl}/apis/country-reference-data-service/review`, {
      method: 'POST',
      body: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = await response.text();
    const token = /<code data-reviewer-token>([A-Za-z0-9_-]{32})<\/code>/.exec(page)![1]!;
    // The token is on the page once, and in no link, form action or other URL of it.
    expect(page.split(token)).toHaveLength(2);
    for (const [, href] of page.matchAll(/(?:href|action|src)="([^"]*)"/g)) expect(href).not.toContain(token);
  });

  it('never shows a token put in the listing page\'s query string', async () => {
    const planted = 'Planted0Token0From0A0Link0000000';
    const listing = await fetch(`${server.baseUrl}/apis/country-reference-data-service?review=published&reviewerToken=${planted}`);
    const listingPage = await listing.text();
    expect(listingPage).toContain('Thank you: your review is published');
    expect(listingPage).not.toContain(planted);
    expect(listingPage).not.toContain('data-reviewer-token');
  });
});

describe('reviewer tokens in the server log (issue 28)', () => {
  it('writes no token to the log, for a review through the form (followed as a browser does) or the JSON API, first answer and replay', async () => {
    const server = await startServing(process.execPath, ['--import', 'tsx', 'src/main.ts'], { DATABASE_URL: `file:${createTestSqlitePath()}`, APIDEX_CATALOG_DIR: 'test/fixtures/catalog', LOG_LEVEL: 'debug' }, 60_000);
    const tokens: string[] = [];
    try {
      const form = { reviewerType: 'human', reviewerName: `Logged Keeper ${Date.now()}`, rating: '5', title: 'Set up from a script', body: 'The key sat in an environment variable.' };
      // Redirects followed, as a browser follows them.
      const page = await fetch(`${server.baseUrl}/apis/country-reference-data-service/review`, { method: 'POST', body: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      const text = await page.text();
      const fromPage = /data-reviewer-token>([A-Za-z0-9_-]{32})</.exec(text)?.[1] ?? new URL(page.url).searchParams.get('reviewerToken');
      expect(fromPage).toMatch(/^[A-Za-z0-9_-]{32}$/);
      tokens.push(fromPage!);
      const headers = { 'content-type': 'application/json', 'idempotency-key': `logged-${Date.now()}` };
      const body = JSON.stringify(aReview());
      const first = (await (await fetch(`${server.baseUrl}/api/reviews`, { method: 'POST', headers, body })).json()) as { reviewerToken: string };
      tokens.push(first.reviewerToken);
      await (await fetch(`${server.baseUrl}/api/reviews`, { method: 'POST', headers, body })).text();
    } finally {
      await server.stop();
    }
    expect(tokens).toHaveLength(2);
    expect(server.output()).toContain('"msg":"request"');
    for (const token of tokens) expect(server.output()).not.toContain(token);
  });
});
