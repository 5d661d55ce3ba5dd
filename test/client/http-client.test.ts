import { REPLAY_NOTE } from '../../src/core/reviews/submit-review.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApidexClient, ApidexHttpError, ApidexUnreachableError } from '../../src/client/http-client.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

describe('ApidexClient, the typed client of the JSON API', () => {
  let server: TestServer;
  let apidex: ApidexClient;

  beforeAll(async () => {
    server = await startTestServer(`file:${createTestSqlitePath()}`);
    apidex = new ApidexClient(`${server.baseUrl}/`);
  });
  afterAll(async () => server?.close());

  it('reads listings, needs, comparisons and categories in the core\'s shapes', async () => {
    expect((await apidex.discover({ q: 'send real-time notifications to browser clients' })).items[0]!.slug).toBe('real-time-channels-api');
    expect((await apidex.lookup({ q: 'country', limit: 1 })).items.map((item) => item.slug)).toEqual(['country-reference-data-service']);
    expect((await apidex.getListing({ slug: 'apidex' })).cliRelevance).toMatchObject({ score: 8, raw: 9, wording: 'excellent' });
    expect((await apidex.compare({ slugs: ['real-time-channels-api', 'hosted-channels-service'] })).verdict.status).toBe('open');
    expect((await apidex.alternatives({ slug: 'real-time-channels-api', limit: 1 })).items).toHaveLength(1);
    expect((await apidex.recommend({ task: 'broadcast live updates' })).recommendation?.slug).toBe('real-time-channels-api');
    expect((await apidex.categories()).map((c) => c.slug)).toContain('developer-tools');
  });

  it('throws the problem details of an error, suggestions included', async () => {
    const error = await apidex.getListing({ slug: 'real-time-channel-api' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApidexHttpError);
    expect((error as ApidexHttpError).status).toBe(404);
    expect((error as ApidexHttpError).problem).toMatchObject({ code: 'not_found', suggestions: expect.arrayContaining(['real-time-channels-api']) });
  });

  it('makes review retries safe with an idempotency key', async () => {
    const review = { targetType: 'api' as const, targetSlug: 'apidex', reviewerType: 'agent' as const, reviewerName: 'client-test', rating: 5, title: 'Dogfood', body: 'Used the client.' };
    const first = await apidex.submitReview(review, { idempotencyKey: 'client-test-key-1' });
    const retry = await apidex.submitReview(review, { idempotencyKey: 'client-test-key-1' });
    // The retry replays the first answer, less the reviewer token that was shown once (issue 28).
    const { reviewerToken, ...rest } = first as typeof first & { reviewerToken?: string };
    expect(reviewerToken).toEqual(expect.any(String));
    expect(retry).toEqual({ ...rest, message: `${rest.message} ${REPLAY_NOTE}` });
    expect((await apidex.reviews({ slug: 'apidex' })).stats.count).toBe(1);
  });

  it('says when the directory cannot be reached or the URL is not one', async () => {
    await expect(new ApidexClient('http://127.0.0.1:9').categories()).rejects.toThrow(ApidexUnreachableError);
    expect(() => new ApidexClient('localhost:3000')).toThrow(/must be an http or https URL|is not a URL/);
  });
});
