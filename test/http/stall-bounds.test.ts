import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NEAR_BUDGET } from '../../src/core/ranking/near-strings.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { markLoopTurns } from '../support/loop-turns.ts';

/**
 * Issue 28, finding 2: unknown slugs went through a Levenshtein scan of the whole vocabulary for
 * up to 16 words a slug, and the calls of an MCP batch all ran in one turn of the event loop, so
 * one client within its rate limit held every other request for seconds. These tests check the
 * bounds themselves (strings examined, turns of the loop), not timings; `npm run bench` times them.
 * On the real catalogue (3,527 listings, about 36,000 indexed words).
 */

const WORDS = ['weathersh', 'paymentso', 'notificationsv', 'geocodingc', 'translationj', 'messagingq', 'calendarx', 'currencye', 'streamingz', 'webhooksy'];
/** A slug of 200 characters (the most compare accepts) made of near misses of indexed words. */
const longUnknownSlug = (k: number) => {
  const parts: string[] = [];
  for (let i = k; parts.join('-').length < 200; i += 1) parts.push(`${WORDS[i % WORDS.length]}${String.fromCharCode(97 + ((i * 7 + k) % 26))}`);
  return parts.join('-').slice(0, 200).replace(/-$/, 'x');
};
const FIVE_UNKNOWN = [0, 1, 2, 3, 4].map(longUnknownSlug);

describe('no request within the limits costs more than a bounded amount (issue 28)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(`file:${createTestSqlitePath()}`, { catalogDir: 'catalog' });
  }, 120_000);
  afterAll(async () => server?.close());

  it('a compare of five unknown 200-character slugs examines a bounded number of words and slugs, not the vocabulary', async () => {
    for (const slug of FIVE_UNKNOWN) expect(slug).toHaveLength(200);
    const before = server.ctx.catalogue.nearExamined();
    const response = await fetch(`${server.baseUrl}/api/compare?slugs=${FIVE_UNKNOWN.join(',')}`);
    expect(response.status).toBe(404);
    const examined = server.ctx.catalogue.nearExamined() - before;
    // Each slug: one near-slug lookup and at most 4 of its words, each within its budget (with
    // room for a second round of suggestions for the same slug).
    const bound = FIVE_UNKNOWN.length * (1 + 4) * 2 * DEFAULT_NEAR_BUDGET.examined;
    expect(examined).toBeGreaterThan(0);
    expect(examined).toBeLessThanOrEqual(bound);
  });

  it('still suggests near spellings of a slug and listings matching its words', async () => {
    const response = await fetch(`${server.baseUrl}/api/apis/opnweathermap`);
    expect(response.status).toBe(404);
    const problem = (await response.json()) as { suggestions: string[] };
    expect(problem.suggestions).toContain('openweathermap');
  });

  it('runs the messages of an MCP batch one per turn of the event loop: the loop turns between any two', async () => {
    const messages = 30;
    const batch = Array.from({ length: messages }, (_, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'compare_apis', arguments: { slugs: `${longUnknownSlug(id % 10)},${longUnknownSlug((id + 1) % 10)}` } },
    }));
    // The server runs in this process: record each compare's first slug lookup and each turn of the loop.
    const events: string[] = [];
    const catalogue = server.ctx.catalogue;
    const get = catalogue.get.bind(catalogue);
    catalogue.get = (slug: string) => {
      if (slug.length === 200 && events.at(-1) !== 'call') events.push('call');
      return get(slug);
    };
    const stopMarking = markLoopTurns(events);
    try {
      const response = await fetch(`${server.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(batch),
      });
      expect(response.status).toBe(200);
      const answers = (await response.json()) as { id: number; result: { isError?: boolean; content: { text: string }[] } }[];
      expect(answers).toHaveLength(messages);
      for (const answer of answers) expect(answer.result.content[0]!.text).toMatch(/^not_found: /);
    } finally {
      stopMarking();
      catalogue.get = get;
    }
    const calls = events.filter((event) => event === 'call').length;
    expect(calls).toBe(messages);
    // Between the first call and the last, the loop turns (an immediate of its own runs) between any two calls.
    const during = events.slice(events.indexOf('call'), events.lastIndexOf('call') + 1);
    expect(during.join(' ')).toBe(Array.from({ length: messages }, () => 'call').join(' tick '));
  });

  it('builds the near-spelling indexes between requests after start-up; a lookup meanwhile goes without near spellings rather than build them whole', async () => {
    const fresh = await startTestServer(`file:${createTestSqlitePath()}`);
    try {
      const { catalogue } = fresh.ctx;
      const preparing = catalogue.prepareNearSpellings();
      expect(catalogue.slugsNear('countri-reference-data-service', 3)).toEqual([]);
      expect(catalogue.nearExamined()).toBe(0);
      await preparing;
      expect(catalogue.slugsNear('countri-reference-data-service', 3).map((near) => near.text)).toEqual(['country-reference-data-service']);
      expect(catalogue.needs.termsNear('countr', 1).map((near) => near.term)).toContain('countri');
    } finally {
      await fresh.close();
    }
  });
});
