import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverListings, discoverListingsBody, discoverListingsInView } from '../../../src/core/search/discover-listings.ts';
import { submitReview } from '../../../src/core/reviews/submit-review.ts';
import { openCore } from '../../../src/open-core.ts';
import type { CoreContext } from '../../../src/core/context.ts';
import { createTestSqlitePath } from '../../support/postgres.ts';
import { asciiJson } from '../../../src/core/text/ascii-json.ts';
import { isOneByte } from '../../support/one-byte-string.ts';

/**
 * A ranked need's full answer goes out over HTTP as text written from its listings' kept
 * summary text (issue 14: each distinct need spent as long in JSON.stringify and hashing as in
 * ranking); it must be JSON.stringify's of the answer other surfaces get (characters past ASCII
 * written as \u escapes, so the text is sent as one byte a character), and the tag must tell
 * apart any two answers whose text differs.
 */

let ctx: CoreContext;
beforeAll(async () => {
  ctx = await openCore({ databaseUrl: `file:${createTestSqlitePath()}`, catalogDir: 'test/fixtures/catalog-sample' }, { log: { info() {}, warn() {} } });
  await submitReview({
    ctx,
    input: { targetType: 'api', targetSlug: 'stripe', reviewerType: 'agent', reviewerName: 'json-check', rating: 4, title: 'Fine', body: 'Charges from CI with a key in env.' },
    client: { address: '127.0.0.1' },
  });
});
afterAll(async () => ctx?.store.close());

const NEEDS = [
  'charge a credit card from a CLI script',
  'send sms messages',
  'list the issues of a repository from a GitHub Actions workflow',
  'generate text with a language model on a raspberry pi',
  'store files in the cloud',
  // No listing serves the trailing phrase, so a narrower reading answers: the answer has readAs.
  'send sms messages to customers from a raspberry pi zero cluster',
  // Nothing serves these: the answer is noGoodMatch.
  'make me a sandwich',
  'florp zibble',
];

describe('the full answer of a need as text', () => {
  it('is JSON.stringify of the answer other surfaces get, characters past ASCII escaped, in either view, reviews, readings and empty answers included, with one tag per distinct body', async () => {
    let withReviews = 0;
    let answered = 0;
    let readAs = 0;
    let empty = 0;
    let beyondAscii = 0;
    const tagOfBody = new Map<string, string>();
    for (const q of NEEDS) {
      for (const input of [{ q, limit: 10 }, { q, limit: 3 }, { q, limit: 10, pricing: 'Free' as const }, { q, limit: 10, view: 'compact' as const }]) {
        const answer = input.view === 'compact' ? await discoverListingsInView({ ctx, input }) : await discoverListings({ ctx, input });
        const written = await discoverListingsBody({ ctx, input });
        if (answer.items.length === 0) empty += 1;
        else answered += 1;
        if (answer.readAs !== undefined) readAs += 1;
        if (answer.items.some((item) => 'reviews' in item && item.reviews !== undefined && item.reviews.count > 0)) withReviews += 1;
        const text = written.body;
        expect(text, q).toBe(asciiJson(JSON.stringify(answer)));
        expect(JSON.parse(text), q).toEqual(JSON.parse(JSON.stringify(answer)));
        if (/[^\x00-\x7f]/.test(JSON.stringify(answer))) beyondAscii += 1;
        expect(isOneByte(text), q).toBe(true);
        expect(written.etag, q).toMatch(/^"[\w-]{27}"$/);
        tagOfBody.set(text, written.etag);
      }
    }
    expect(answered).toBeGreaterThanOrEqual(12);
    expect(empty).toBeGreaterThanOrEqual(6);
    expect(withReviews).toBeGreaterThanOrEqual(1);
    expect(readAs).toBeGreaterThanOrEqual(1);
    // The sample's Stripe capabilities write "you’ve": answers with characters past ASCII are among those checked.
    expect(beyondAscii).toBeGreaterThanOrEqual(1);
    expect(new Set(tagOfBody.values()).size).toBe(tagOfBody.size);
  });

  it("gets a new tag when a listing's review figures change, and the same tag for the same text", async () => {
    const input = { q: 'charge a credit card from a CLI script', limit: 7 };
    const before = await discoverListingsBody({ ctx, input });
    const again = await discoverListingsBody({ ctx, input });
    expect(again.etag).toBe(before.etag);
    await submitReview({
      ctx,
      input: { targetType: 'api', targetSlug: 'stripe', reviewerType: 'human', reviewerName: 'tag-check', rating: 2, title: 'Slow', body: 'Charges took a while from the nightly job.' },
      client: { address: '127.0.0.2' },
    });
    // Answers are kept for a second (answer-cache.ts); the next one is ranked afresh.
    await new Promise((resolve) => setTimeout(resolve, 1050));
    const after = await discoverListingsBody({ ctx, input });
    expect(after.body).not.toBe(before.body);
    expect(after.etag).not.toBe(before.etag);
  });
});
