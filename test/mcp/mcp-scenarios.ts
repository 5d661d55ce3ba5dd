import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect, it } from 'vitest';

/**
 * What an agent does with the directory over MCP, run by the SDK's own client over each
 * transport: list the tools, discover, inspect, compare, get a recommendation, review.
 * The client checks every structured result against the output schema the tool publishes.
 */

export const TOOL_NAMES = [
  'discover_apis',
  'search_apis',
  'get_api',
  'get_provider',
  'get_api_quickstart',
  'get_package_info',
  'compare_apis',
  'find_alternatives',
  'recommend_api',
  'list_categories',
  'list_changes',
  'get_reviews',
  'submit_review',
];

interface Called {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, any>;
}

export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Called & { text: string }> {
  const result = (await client.callTool({ name, arguments: args })) as Called;
  const text = result.content.map((part) => part.text ?? '').join('\n');
  // Missing data reads "not shown"; nothing leaks a JavaScript placeholder into an agent's context.
  expect(text).not.toMatch(/undefined|\bNaN\b|\[object Object\]/);
  return { ...result, text };
}

const review = (name: string, extra: Record<string, unknown> = {}) => ({
  targetType: 'api',
  targetSlug: 'real-time-channels-api',
  reviewerType: 'agent',
  reviewerName: name,
  rating: 4,
  title: 'Worked first time from CI',
  body: `API key from an env var; the SDK did the rest. Reviewed by ${name}.`,
  cliExperience: 5,
  integrationReport: { authWorked: true, timeToFirstRequest: 5, workedHeadless: true, evidenceLevel: 'production-live' },
  ...extra,
});

export function mcpScenarios(connect: () => Client, { reviewer }: { reviewer: string }): void {
  it('lists every tool with a description, an input schema from the zod schemas and an output schema', async () => {
    const { tools } = await connect().listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const discover = byName.get('discover_apis')!.inputSchema as any;
    expect(discover.required).toEqual(['query']);
    expect(discover.additionalProperties).toBe(false);
    expect(discover.properties.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 50 });
    expect(discover.properties.pricing.enum).toContain('usage-based');
    expect(Object.keys(discover.properties)).toEqual(['query', 'limit', 'category', 'pricing', 'minCliScore', 'envVarAuth', 'headless', 'view', 'group']);
    expect((byName.get('get_api')!.inputSchema as any).required).toEqual(['slug']);
    expect((byName.get('recommend_api')!.inputSchema as any).required).toEqual(['task']);
    const submit = byName.get('submit_review')!.inputSchema as any;
    expect(submit.properties.rating).toMatchObject({ type: 'integer', minimum: 1, maximum: 5 });
    expect(submit.properties.integrationReport.properties.evidenceLevel.enum).toEqual(['docs-only', 'mocked', 'sandbox-live', 'production-live']);
    expect(byName.get('submit_review')!.annotations?.readOnlyHint).toBe(false);
    expect(byName.get('get_api')!.annotations?.readOnlyHint).toBe(true);
  });

  it('discover_apis ranks by need with relevance and confidence, and admits when nothing serves it', async () => {
    const client = connect();
    const found = await call(client, 'discover_apis', { query: 'send real-time notifications to browser clients' });
    expect(found.isError).toBeFalsy();
    const items = found.structuredContent!.items;
    expect(items[0]).toMatchObject({ slug: 'real-time-channels-api', confidence: 'high' });
    expect(items[0].relevance).toBeGreaterThan(0.5);
    expect(found.text).toMatch(/1\. Real-time channels API \[real-time-channels-api\] relevance 1\.00, high confidence/);
    expect(found.text).toContain('CLI 8/10 excellent');
    expect(found.text).toContain('CLI not scored; quality not scored');
    // Compact by default over MCP (issue 14): no score parts, a link to the listing in full.
    expect(items[0]).toMatchObject({ cli: '8/10 excellent', quality: 7, link: '/api/apis/real-time-channels-api' });
    expect(items[0].cliRelevance).toBeUndefined();
    const full = await call(client, 'discover_apis', { query: 'send real-time notifications to browser clients', view: 'full' });
    expect(full.structuredContent!.items[0].cliRelevance.criteria).toHaveLength(8);

    const none = await call(client, 'discover_apis', { query: 'zzqx flurbotron' });
    expect(none.structuredContent).toMatchObject({ items: [], noGoodMatch: { reason: expect.any(String) } });
    expect(none.text).toMatch(/^No good match for "zzqx flurbotron"/);

    const filtered = await call(client, 'discover_apis', { query: 'send real-time notifications to browser clients', pricing: 'free' });
    expect(filtered.structuredContent!.items).toEqual([]);
    expect(filtered.text).toContain('filters leave out');
  });

  it('answers invalid arguments with isError naming the field, under the tool\'s own parameter names', async () => {
    const client = connect();
    const empty = await call(client, 'discover_apis', { query: '  ' });
    expect(empty.isError).toBe(true);
    expect(empty.structuredContent).toBeUndefined();
    expect(empty.text).toBe(
      'invalid_input: fix this argument and call discover_apis again:\n- query: query must not be empty; describe what you need, e.g. query=send+real-time+notifications+to+browser+clients',
    );
    const limit = await call(client, 'search_apis', { query: 'country', limit: 0 });
    expect(limit.text).toContain('- limit: limit must be an integer from 1 to 100; got 0');
    const unknown = await call(client, 'search_apis', { q: 'country' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/unknown parameter "q"; accepted: query, limit/);
  });

  it('search_apis finds by name and pages with a cursor', async () => {
    const client = connect();
    const byName = await call(client, 'search_apis', { query: 'country', limit: 1 });
    expect(byName.structuredContent!.items.map((item: any) => item.slug)).toEqual(['country-reference-data-service']);
    const all = await call(client, 'search_apis', { limit: 2 });
    expect(all.structuredContent!.items).toHaveLength(2);
    expect(all.structuredContent!.nextCursor).toEqual(expect.any(String));
    expect(all.text).toContain(`cursor "${all.structuredContent!.nextCursor}"`);
    const next = await call(client, 'search_apis', { limit: 2, cursor: all.structuredContent!.nextCursor });
    const first = all.structuredContent!.items.map((item: any) => item.slug);
    expect(next.structuredContent!.items.map((item: any) => item.slug).some((slug: string) => first.includes(slug))).toBe(false);
  });

  it('get_api returns the exact listing with every part, "not shown" for missing data and "not scored" for a score it cannot give', async () => {
    const client = connect();
    const detail = await call(client, 'get_api', { slug: 'real-time-channels-api' });
    expect(detail.structuredContent).toMatchObject({ slug: 'real-time-channels-api', url: null, install: null, cliRelevance: { score: 8, raw: 9 } });
    expect(detail.structuredContent!.reviews.stats).toMatchObject({ count: expect.any(Number) });
    expect(detail.text).toContain('url not shown; install not shown; weekly downloads 77k (illustrative)');
    expect(detail.text).toMatch(/fail +CLI tool available \(0\/1\)/);

    const unscored = await call(client, 'get_api', { slug: 'hosted-channels-service' });
    expect(unscored.structuredContent!.cliRelevance).toMatchObject({ status: 'unscored', score: null });
    expect(unscored.text).toContain('CLI relevance not scored (none of the 8 criteria assessed; unknown, not 0)');
    expect(unscored.text).toContain('quality not scored');
  });

  it('get_api never serves another listing for an unknown slug: it is an error with close matches', async () => {
    const missing = await call(connect(), 'get_api', { slug: 'real-time-channel-api' });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toBeUndefined();
    expect(missing.text).toMatch(/^not_found: No listing has the slug "real-time-channel-api"; did you mean "real-time-channels-api"/);
    expect(missing.text).toContain('Close matches (exact slugs): real-time-channels-api');
  });

  it('compare_apis weighs known scores only and names the missing ones', async () => {
    const client = connect();
    const compared = await call(client, 'compare_apis', { slugs: ['real-time-channels-api', 'hosted-channels-service'] });
    expect(compared.structuredContent!.items.map((item: any) => item.slug)).toEqual(['real-time-channels-api', 'hosted-channels-service']);
    expect(compared.structuredContent!.verdict).toMatchObject({ status: 'open', leader: null });
    expect(compared.text).toMatch(/^Verdict \(open\): The scores cannot decide: Hosted channels service has no CLI relevance score/);
    const settled = await call(client, 'compare_apis', { slugs: 'authentication-component-service,social-sign-in-service' });
    expect(settled.structuredContent!.verdict).toMatchObject({ status: 'settled', leader: 'authentication-component-service' });

    const one = await call(client, 'compare_apis', { slugs: ['real-time-channels-api'] });
    expect(one.isError).toBe(true);
    expect(one.text).toContain('slugs must name 2 to 5 listings to compare; got 1');
    const unknown = await call(client, 'compare_apis', { slugs: ['real-time-channels-api', 'hosted-channel-service'] });
    expect(unknown.text).toMatch(/^not_found: .*"hosted-channel-service"/);
  });

  it('find_alternatives ranks substitutes with relevance and confidence', async () => {
    const client = connect();
    const alternatives = await call(client, 'find_alternatives', { slug: 'real-time-channels-api' });
    expect(alternatives.structuredContent!.items[0]).toMatchObject({ slug: 'hosted-channels-service', confidence: expect.stringMatching(/high|medium|low/) });
    expect(alternatives.text).toMatch(/1\. Hosted channels service \[hosted-channels-service\] relevance \d\.\d\d, (high|medium|low) confidence/);
    const missing = await call(client, 'find_alternatives', { slug: 'nope-service' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/^not_found:/);
  });

  it('recommend_api picks one with reasons, and says which constraint shuts the rest out', async () => {
    const client = connect();
    const picked = await call(client, 'recommend_api', { task: 'broadcast live updates to browsers', headless: true });
    expect(picked.structuredContent!.recommendation).toMatchObject({ slug: 'real-time-channels-api', confidence: expect.any(String) });
    expect(picked.text).toMatch(/^Pick: Real-time channels API \[real-time-channels-api\], relevance \d\.\d\d, (high|medium|low) confidence/);
    expect(picked.text).toContain('Meets every constraint: it passes headless/CI use.');

    const none = await call(client, 'recommend_api', { task: 'broadcast live updates to browsers', pricing: 'paid' });
    expect(none.structuredContent).toMatchObject({ recommendation: null, runnerUp: null, message: expect.stringContaining('drop pricing=paid') });
    expect(none.text).toMatch(/^No recommendation\. /);
    const missingTask = await call(client, 'recommend_api', {});
    expect(missingTask.isError).toBe(true);
    expect(missingTask.text).toContain('- task: task is required');

    // By volume and priority (issue 30): the seed's listings have no pricing facts, so every cost is unknown, never 0.
    const priced = await call(client, 'recommend_api', { task: 'broadcast live updates to browsers', volume: 10000, priority: 'cost', constraints: 'free-tier' });
    expect(priced.structuredContent!.recommendation).toMatchObject({ decidedBy: 'relevance', cost: { volume: 10000, monthlyUsd: null } });
    expect(priced.structuredContent!.ranking).toMatchObject({ priority: 'cost', volume: 10000, budget: null });
    expect(priced.text).toMatch(/^Ranked by cost at 10,000 units a month:$/m);
    const badPriority = await call(client, 'recommend_api', { task: 'broadcast live updates', priority: 'fastest' });
    expect(badPriority.isError).toBe(true);
    expect(badPriority.text).toContain('priority must be one of cost, simplicity, scale');
  });

  it('list_categories lists every category with counts', async () => {
    const categories = await call(connect(), 'list_categories', {});
    expect(categories.structuredContent!.items).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Communication', slug: 'communication', count: 1 })]));
    expect(categories.text).toContain('Communication [communication] 1: Real-time & WebSockets 1');
  });

  it('submit_review takes a review with the HTTP API\'s rules, and get_reviews reads it back with statistics', async () => {
    const client = connect();
    const submitted = await call(client, 'submit_review', review(reviewer));
    expect(submitted.isError).toBeFalsy();
    expect(submitted.structuredContent).toMatchObject({ outcome: 'created', review: { status: 'published', targetSlug: 'real-time-channels-api', rating: 4 } });
    expect(submitted.text).toMatch(/^Review published\. Review [0-9a-f-]{36} of real-time-channels-api: created, status published\.\nReviewer token \(shown once; send it as reviewerToken to replace this review later\): [A-Za-z0-9_-]{32}$/);

    // Replacing it takes the token handed out once (issue 15); without it the review stays.
    expect((await call(client, 'submit_review', review(reviewer.toUpperCase(), { rating: 1 }))).text).toMatch(/^conflict: /);
    const again = await call(client, 'submit_review', review(reviewer.toUpperCase(), { rating: 5, reviewerToken: submitted.structuredContent!.reviewerToken }));
    expect(again.structuredContent).toMatchObject({ outcome: 'updated', review: { id: submitted.structuredContent!.review.id, rating: 5 } });

    const listed = await call(client, 'get_reviews', { slug: 'real-time-channels-api' });
    expect(listed.structuredContent!.items).toEqual([expect.objectContaining({ id: submitted.structuredContent!.review.id, rating: 5 })]);
    expect(listed.structuredContent!.integrationStats).toMatchObject({ liveReports: 1, authSuccessRate: { value: 1, sampleSize: 1 } });
    expect(listed.text).toContain('1 published review of real-time-channels-api; average rating 5/5 (n=1)');
    expect(listed.text).toContain('untrusted user content');
    expect(listed.text).toContain('report (evidence production-live): auth worked yes, headless yes, first request after 5 min, SDK not shown');

    const detail = await call(client, 'get_api', { slug: 'real-time-channels-api' });
    expect(detail.text).toContain('reviews: 1 review, avg 5/5; 1 live integration reports: auth worked 100% of 1');
  });

  it('submit_review rejects what POST /api/reviews rejects, storing nothing', async () => {
    const client = connect();
    const badRating = await call(client, 'submit_review', review('rater', { rating: 9 }));
    expect(badRating.isError).toBe(true);
    expect(badRating.text).toContain('- rating: rating must be an integer from 1 to 5 (1 worst, 5 best); got 9');
    const badEvidence = await call(client, 'submit_review', review('evidence', { integrationReport: { evidenceLevel: 'vibes' } }));
    expect(badEvidence.text).toContain('- integrationReport.evidenceLevel: integrationReport.evidenceLevel must be one of "docs-only", "mocked", "sandbox-live", "production-live"; got "vibes"');
    const serverField = await call(client, 'submit_review', { ...review('owner'), status: 'published' });
    expect(serverField.text).toContain('"status" is set by the server and cannot be sent');
    const longTitle = await call(client, 'submit_review', review('long', { title: 'x'.repeat(121) }));
    expect(longTitle.text).toContain('title must be at most 120 characters');
    const unknownSlug = await call(client, 'submit_review', review('slugger', { targetSlug: 'real-time-channel-api' }));
    expect(unknownSlug.isError).toBe(true);
    expect(unknownSlug.text).toContain('did you mean "real-time-channels-api"');
    const listed = await call(client, 'get_reviews', { slug: 'real-time-channels-api' });
    expect(listed.structuredContent!.items.map((item: any) => item.reviewerName)).not.toEqual(expect.arrayContaining(['rater', 'evidence', 'owner', 'long', 'slugger']));
  });

  it('answers an unknown tool with a protocol error naming the tools', async () => {
    await expect(connect().callTool({ name: 'search', arguments: {} })).rejects.toThrow(/There is no tool "search"; the tools are discover_apis, search_apis/);
  });
}
