import { describe, expect, it } from 'vitest';
import { assessReview, containsLink, similarity } from '../../../src/core/reviews/moderation-heuristics.ts';
import { DEFAULT_REVIEW_POLICY } from '../../../src/core/reviews/review-policy.ts';
import { cleanLine, cleanText, reviewerKeyOf } from '../../../src/core/reviews/review-schema.ts';

const text = (body: string, title = 'A title') => ({ title, body, extra: [] });
const assess = (body: string, options: Partial<Parameters<typeof assessReview>[0]> = {}) =>
  assessReview({ text: text(body), others: [], recentFromClient: 0, previousStatus: undefined, policy: DEFAULT_REVIEW_POLICY, ...options });

describe('review moderation heuristics', () => {
  it.each(['see https://x.test', 'at www.example.test', '[docs](/x)', 'buy at cheap-deals.com today', 'ftp://files'])('finds a link in %j', (body) => {
    expect(containsLink(body)).toBe(true);
  });

  it.each(['works with node.js and the v2 API', 'rate limits are 10 req/s', 'e.g. the SDK'])('finds no link in %j', (body) => {
    expect(containsLink(body)).toBe(false);
  });

  it('publishes a plain review and says why', () => {
    expect(assess('The SDK read the key from the environment.')).toEqual({ status: 'published', reasons: ['no-heuristic-matched'] });
  });

  it('holds links, near-duplicates, bursts and updates of held reviews, with every reason', () => {
    const original = 'The SDK reads the key from the environment and the first call worked within minutes from a CI job.';
    expect(similarity(original, `${original} Really.`)).toBeGreaterThanOrEqual(0.8);
    expect(similarity(original, 'Entirely different words about another experience with pagination and webhooks here.')).toBeLessThan(0.2);
    const decision = assess('', {
      text: text(`${original} Really.`, 'see www.x.test'),
      others: [{ id: 'r1', body: original }],
      recentFromClient: DEFAULT_REVIEW_POLICY.burst.max,
      previousStatus: 'rejected',
    });
    expect(decision.status).toBe('pending');
    expect(decision.reasons).toEqual(['links-in-text', 'near-duplicate:r1', 'burst-from-address', 'previously-held-or-rejected']);
    expect(assess('fine', { recentFromClient: DEFAULT_REVIEW_POLICY.burst.max - 1 }).status).toBe('published');
  });

  it('cleans control and bidi characters and folds reviewer names', () => {
    expect(cleanText(' a\r\nb\u202e\u0000c\u2067\td ')).toBe('a\nbc\td');
    expect(cleanLine('x\ny\u200fz')).toBe('xyz');
    expect(cleanLine('bad \ud800 surrogate')).toBe('bad \ufffd surrogate');
    expect(reviewerKeyOf('  Zoë   BOT ')).toBe('zoe bot');
  });

  it('folds invisible characters out of reviewer identities, so look-alike names are one reviewer (issue 15)', () => {
    for (const invisible of ['\u200b', '\u200c', '\u200d', '\u2060', '\u00ad', '\u180e', '\u3164', '\u115f', '\ufeff']) {
      expect(reviewerKeyOf(`ci${invisible}-bot`), `U+${invisible.codePointAt(0)!.toString(16)}`).toBe('ci-bot');
    }
  });
});
