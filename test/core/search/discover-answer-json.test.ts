import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverAnswerJson, discoverListings, discoverListingsInView } from '../../../src/core/search/discover-listings.ts';
import { submitReview } from '../../../src/core/reviews/submit-review.ts';
import { openCore } from '../../../src/open-core.ts';
import type { CoreContext } from '../../../src/core/context.ts';
import { createTestSqlitePath } from '../../support/postgres.ts';

/**
 * A ranked need's full answer is written from its listings' kept summary texts (issue 14: each
 * distinct need spent as long in JSON.stringify as in ranking); the text must be JSON.stringify's, byte for byte.
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
  'store files in the cloud with json output only',
];

describe('the full answer of a ranked need as JSON', () => {
  it('is JSON.stringify of the answer, reviews and readings included', async () => {
    let withReviews = 0;
    let answered = 0;
    let readAs = 0;
    for (const q of NEEDS) {
      const answer = await discoverListings({ ctx, input: { q } });
      const text = discoverAnswerJson(answer);
      if (answer.items.length === 0) {
        expect(text, q).toBeUndefined();
        continue;
      }
      answered += 1;
      if (answer.readAs !== undefined) readAs += 1;
      if (answer.items.some((item) => item.reviews !== undefined && item.reviews.count > 0)) withReviews += 1;
      expect(text, q).toBe(JSON.stringify(answer));
    }
    expect(answered).toBeGreaterThanOrEqual(3);
    expect(withReviews).toBeGreaterThanOrEqual(1);
    expect(readAs).toBeGreaterThanOrEqual(1);
  });

  it('is left to JSON.stringify for a compact answer', async () => {
    const compact = await discoverListingsInView({ ctx, input: { q: 'send sms messages', view: 'compact' } });
    expect(compact.items.length).toBeGreaterThan(0);
    expect(discoverAnswerJson(compact)).toBeUndefined();
  });
});
