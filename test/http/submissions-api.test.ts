import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';

const ADMIN_TOKEN = 'test-admin-token-0123456789';

let counter = 0;
const WORDS = ['amber', 'birch', 'cedar', 'dune', 'ember', 'fjord', 'glade', 'heron', 'inlet', 'juniper', 'kelp', 'lagoon', 'moss', 'nectar', 'orchid', 'pebble'];
/** A word no other submission of this run has, so names and their keys are unique. */
const uniqueWord = () => {
  counter += 1;
  return `${WORDS[counter % WORDS.length]}${WORDS[(counter * 7) % WORDS.length]}${counter}`;
};

/** A valid proposal of an API nobody listed or proposed yet. */
export function aSubmission(overrides: Record<string, unknown> = {}) {
  const word = uniqueWord();
  return {
    name: `Harbour tides ${word}`,
    description: `Tide tables and harbour water levels for ${word} as JSON, for scripts and pilots`,
    url: `https://${word}.tides.example.org/docs`,
    category: 'Data & Information',
    subcategory: 'Tides',
    pricingTier: 'Free',
    capabilities: ['get tide tables', 'get harbour water levels'],
    cliCriteria: { jsonResponse: { status: 'passed' }, envVarAuth: { status: 'passed', evidence: 'https://tides.example.org/docs/auth' } },
    qualityInputs: { stars: { value: 120 } },
    submittedBy: 'tide-bot',
    ...overrides,
  };
}

const OPENAPI_YAML = `openapi: 3.0.3
info:
  title: Tides
  version: 1.0.0
paths:
  /tides:
    get:
      summary: Get tide tables
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { type: object }
`;

describe.each(STORE_KINDS)('submissions API on $kind', ({ kind, databaseUrl }) => {
  let server: TestServer;
  let url: string;
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/api/apis/submit`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  const getJson = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers });
    return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as any };
  };
  const decide = (id: string, action: 'approve' | 'reject', body?: unknown, headers: Record<string, string> = admin) =>
    fetch(`${server.baseUrl}/api/admin/submissions/${id}/${action}`, {
      method: 'POST',
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const submitted = async (overrides: Record<string, unknown> = {}) => {
    const response = await post(aSubmission(overrides));
    expect(response.status).toBe(202);
    return ((await response.json()) as any).submission;
  };

  beforeAll(async () => {
    url = await databaseUrl();
    server = await startTestServer(url, { adminToken: ADMIN_TOKEN });
  });
  afterAll(async () => server?.close());

  it('takes a document whose $ref is a broken escape ("#/%") without a 500: the reference is followed no further (issue 15)', async () => {
    const document = 'openapi: 3.0.3\ninfo: {title: Broken refs, version: "1", description: Refs that do not decode}\npaths:\n  /a:\n    $ref: "#/%"\n  /b:\n    get:\n      responses:\n        "200": {$ref: "#/%E0%A4%A"}\n';
    const response = await post(aSubmission({ name: 'Broken refs API', url: 'https://broken-refs.example/docs', openApiDocument: document }));
    expect(response.status).toBe(202);
  });

  it('queues a valid proposal as pending: 202, Location, its status readable by id, not yet listed; the decision is logged', async () => {
    const proposal = aSubmission();
    const before = await server.ctx.store.countSubmissions();
    const response = await post(proposal);
    expect(response.status).toBe(202);
    const body = (await response.json()) as any;
    expect(body.outcome).toBe('queued');
    expect(body.message).toContain('moderator');
    const { submission } = body;
    expect(response.headers.get('location')).toBe(`/api/apis/submissions/${submission.id}`);
    expect(submission).toMatchObject({
      status: 'pending',
      name: proposal.name,
      requestedSlug: null,
      slug: null,
      decision: null,
      submittedBy: 'tide-bot',
      possibleDuplicates: [],
      assessment: { openApi: 'no-document', documentVersion: null, criteria: {} },
      listing: { name: proposal.name, url: proposal.url, pricingTier: 'Free', capabilities: proposal.capabilities, faq: [] },
      links: { self: `/api/apis/submissions/${submission.id}`, listing: null },
      userContent: { trusted: false },
    });
    expect(submission.listing).not.toHaveProperty('slug');
    expect(await server.ctx.store.countSubmissions()).toBe(before + 1);

    const status = await getJson(`/api/apis/submissions/${submission.id}`);
    expect(status.status).toBe(200);
    expect(status.body).toEqual(submission);
    expect((await getJson('/api/apis/submissions/no-such-submission')).status).toBe(404);
    // Not listed until approved.
    expect((await getJson(`/api/apis?q=${encodeURIComponent(proposal.name)}`)).body.items.map((item: any) => item.name)).not.toContain(proposal.name);

    expect(await server.ctx.store.submissionLog({ submissionId: submission.id, limit: 10 })).toEqual([
      expect.objectContaining({ submissionId: submission.id, decision: 'pending', actor: 'intake', reasons: expect.arrayContaining(['openapi:no-document']) }),
    ]);
  });

  it('answers a proposal of a listed API with 409 and that listing\'s slug, queues nothing and logs the refusal', async () => {
    const before = await server.ctx.store.countSubmissions();
    // The same name (case and filler words aside) at the same host, and with no url at all.
    const cases = [
      aSubmission({ name: 'The real-time channels API', url: undefined }),
      aSubmission({ name: 'Country Reference Data Service', url: undefined, description: 'Countries' }),
      // The exact slug of a listing, whatever the name.
      aSubmission({ slug: 'hosted-channels-service' }),
    ];
    const expected = ['real-time-channels-api', 'country-reference-data-service', 'hosted-channels-service'];
    for (const [index, proposal] of cases.entries()) {
      const response = await post(proposal);
      expect(response.status).toBe(409);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = (await response.json()) as any;
      expect(problem).toMatchObject({ code: 'conflict', type: '/problems/conflict', existingSlug: expected[index], existing: `/api/apis/${expected[index]}` });
      expect(problem.detail).toContain(expected[index]);
    }
    expect(await server.ctx.store.countSubmissions()).toBe(before);
    const refusals = await server.ctx.store.submissionLog({ submissionId: null, limit: 3 });
    expect(refusals.map((entry) => [entry.decision, entry.actor, entry.reasons[1]])).toEqual([
      ['duplicate', 'intake', 'listing:hosted-channels-service'],
      ['duplicate', 'intake', 'listing:country-reference-data-service'],
      ['duplicate', 'intake', 'listing:real-time-channels-api'],
    ]);
  });

  it('answers a proposal of an API already pending with 409 and that submission\'s id; the same name at another host is queued, flagged for the moderator', async () => {
    const first = await submitted();
    const before = await server.ctx.store.countSubmissions();
    const again = await post(aSubmission({ name: first.name.toUpperCase(), url: first.listing.url.replace('/docs', '/v2'), description: 'Another wording' }));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'conflict', existingSubmissionId: first.id, existingSubmission: `/api/apis/submissions/${first.id}` });
    const sameSlug = await submitted({ slug: `tides-${uniqueWord()}` });
    const slugAgain = await post(aSubmission({ slug: sameSlug.requestedSlug }));
    expect(slugAgain.status).toBe(409);
    expect(((await slugAgain.json()) as any).existingSubmissionId).toBe(sameSlug.id);
    expect(await server.ctx.store.countSubmissions()).toBe(before + 1);
    expect((await server.ctx.store.submissionLog({ submissionId: null, limit: 1 }))[0]).toMatchObject({ decision: 'duplicate', reasons: expect.arrayContaining([`submission:${sameSlug.id}`]) });

    // Same name, other host: maybe another API; queued with the possible duplicate named once the first is listed.
    const approved = (await (await decide(first.id, 'approve')).json()) as any;
    const other = await submitted({ name: first.name, url: 'https://elsewhere.example.net/' });
    expect(other.possibleDuplicates).toEqual([{ slug: approved.slug, reason: expect.stringContaining('another host') }]);
  });

  describe('refuses invalid proposals with problem+json naming each field, and stores nothing', () => {
    const cases: [string, () => Promise<Response>, number, string][] = [
      ['malformed JSON', () => post('{"name": "x",'), 400, '(body)'],
      ['an empty body', () => post(''), 400, '(body)'],
      ['text/plain', () => fetch(`${server.baseUrl}/api/apis/submit`, { method: 'POST', body: JSON.stringify(aSubmission()), headers: { 'content-type': 'text/plain' } }), 415, ''],
      ['an oversize body', () => post(aSubmission({ openApiDocument: 'x'.repeat(530_000) })), 413, ''],
      ['a missing name', () => post(aSubmission({ name: undefined })), 422, 'name'],
      ['a missing category', () => post(aSubmission({ category: undefined })), 422, 'category'],
      ['a two-line description', () => post(aSubmission({ description: 'one\ntwo' })), 422, 'description'],
      ['a url that is not http(s)', () => post(aSubmission({ url: 'ftp://tides.example.org' })), 422, 'url'],
      ['an unknown pricing tier', () => post(aSubmission({ pricingTier: 'Cheap' })), 422, 'pricingTier'],
      ['a bad slug', () => post(aSubmission({ slug: 'Not A Slug' })), 422, 'slug'],
      ['capabilities as text', () => post(aSubmission({ capabilities: 'tides' })), 422, 'capabilities'],
      ['an unknown criterion', () => post(aSubmission({ cliCriteria: { magic: { status: 'passed' } } })), 422, 'cliCriteria.magic'],
      ['a criterion status out of range', () => post(aSubmission({ cliCriteria: { headless: { status: 'yes' } } })), 422, 'cliCriteria.headless.status'],
      ['negative stars', () => post(aSubmission({ qualityInputs: { stars: { value: -1 } } })), 422, 'qualityInputs.stars.value'],
      ['an unknown field', () => post(aSubmission({ homepage: 'https://x.example' })), 422, 'homepage'],
      ['a server-owned status', () => post(aSubmission({ status: 'approved' })), 422, 'status'],
      ['an OpenAPI document that is not JSON or YAML', () => post(aSubmission({ openApiDocument: '{ "openapi": "3.0.0", ' })), 422, 'openApiDocument'],
      ['a document that is not OpenAPI', () => post(aSubmission({ openApiDocument: 'title: not an api\n' })), 422, 'openApiDocument'],
      ['an array body', () => post('[]'), 422, '(root)'],
    ];
    it.each(cases)('%s', async (_label, send, status, field) => {
      const before = await server.ctx.store.countSubmissions();
      const response = await send();
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = (await response.json()) as any;
      expect(problem).toMatchObject({ status, type: expect.stringMatching(/^\/problems\//), code: expect.any(String), detail: expect.any(String) });
      if (field) expect(problem.errors.map((error: any) => error.field)).toContain(field);
      if (status === 422) expect(problem.errors.every((error: any) => error.message.length > 10)).toBe(true);
      if (field === 'status') expect(problem.errors[0].message).toContain('set by the server');
      if (field === 'openApiDocument') expect(problem.errors[0].message).toMatch(/OpenAPI|JSON|YAML/);
      expect(await server.ctx.store.countSubmissions()).toBe(before);
    });
  });

  it('assesses an inline OpenAPI document (YAML or JSON), keeps it without echoing it, and lists its evidence over the claims on approval', async () => {
    // The submitter claims JSON responses failed and says nothing of rate limits; the document shows both.
    const yaml = await submitted({ openApiDocument: OPENAPI_YAML, cliCriteria: { jsonResponse: { status: 'failed' } } });
    expect(yaml.assessment).toMatchObject({ openApi: 'assessed', documentVersion: 'openapi 3.0.3' });
    expect(yaml.assessment.criteria.jsonResponse).toMatchObject({ status: 'passed', evidence: expect.stringContaining('application~1json') });
    expect(yaml.assessment.criteria.officialSdk).toBeUndefined();
    expect(yaml.listing).not.toHaveProperty('openApiDocument');
    expect(yaml.listing.cliCriteria.jsonResponse).toEqual({ status: 'failed' });
    expect((await server.ctx.store.submissionLog({ submissionId: yaml.id, limit: 1 }))[0]!.reasons).toEqual(expect.arrayContaining(['openapi:assessed', 'assessed:jsonResponse']));
    const approved = (await (await decide(yaml.id, 'approve')).json()) as any;
    const detail = await getJson(`/api/apis/${approved.slug}`);
    const jsonResponse = detail.body.cliRelevance.criteria.find((criterion: any) => criterion.key === 'jsonResponse');
    expect(jsonResponse).toMatchObject({ status: 'passed', evidence: yaml.assessment.criteria.jsonResponse.evidence });
    const json = await submitted({ openApiDocument: JSON.stringify({ swagger: '2.0', info: { title: 'T', version: '1' }, paths: {} }) });
    expect(json.assessment.documentVersion).toBe('swagger 2.0');
    const stored = await server.ctx.store.getSubmission(yaml.id);
    expect(stored!.content.record.openApiDocument).toBe(OPENAPI_YAML);
  });

  it('lets a moderator list, approve (a new listing, found by slug, lookup and discover) and reject with a reason; every decision is logged', async () => {
    const word = uniqueWord();
    const listed = await submitted({ name: `Lighthouse ${word} beacons`, description: `Lighthouse ${word} beacon schedules and fog signal timings as JSON`, capabilities: ['get beacon schedules'] });
    const spam = await submitted();

    const queue = await getJson('/api/admin/submissions?limit=100', admin);
    expect(queue.status).toBe(200);
    const ids = queue.body.items.map((item: any) => item.id);
    expect(ids).toEqual(expect.arrayContaining([listed.id, spam.id]));
    expect(ids.indexOf(listed.id)).toBeLessThan(ids.indexOf(spam.id));
    expect(queue.body.items.every((item: any) => item.status === 'pending')).toBe(true);

    const approve = await decide(listed.id, 'approve', { reason: 'real API, docs checked' });
    expect(approve.status).toBe(200);
    const approved = (await approve.json()) as any;
    const slug = `lighthouse-${word}-beacons`;
    expect(approved).toMatchObject({ status: 'approved', slug, links: { listing: `/api/apis/${slug}` }, decision: { status: 'approved', actor: 'admin', reason: 'real API, docs checked' } });

    const detail = await getJson(`/api/apis/${slug}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ slug, name: listed.name, description: listed.listing.description, pricingTier: 'Free' });
    const criteria = Object.fromEntries(detail.body.cliRelevance.criteria.map((criterion: any) => [criterion.key, criterion]));
    // A claim without evidence says where it came from; one with evidence keeps it.
    expect(criteria.jsonResponse).toMatchObject({ status: 'passed', evidence: expect.stringContaining(`submission ${listed.id}`) });
    expect(criteria.envVarAuth).toMatchObject({ status: 'passed', evidence: 'https://tides.example.org/docs/auth' });
    expect(detail.body.quality.inputs.stars).toBe(120);
    expect((await server.ctx.store.getListing(slug))!.listing.qualityInputs.stars).toEqual({ value: 120, source: `submission ${listed.id}` });

    const lookup = await getJson(`/api/apis?q=${encodeURIComponent(listed.name)}`);
    expect(lookup.body.items[0].slug).toBe(slug);
    const discover = await getJson(`/api/discover?q=${encodeURIComponent(`${word} beacon schedules and fog signal timings`)}`);
    expect(discover.status).toBe(200);
    expect(discover.body.items[0]?.slug).toBe(slug);
    expect((await getJson(`/api/apis/submissions/${listed.id}`)).body).toMatchObject({ status: 'approved', slug });

    // Decided stays decided.
    const twice = await decide(listed.id, 'approve');
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ submissionStatus: 'approved', existingSlug: slug });
    // Now listed: the same API again is a duplicate of the listing.
    const dup = await post(aSubmission({ name: listed.name, url: listed.listing.url }));
    expect(dup.status).toBe(409);
    expect(((await dup.json()) as any).existingSlug).toBe(slug);

    const noReason = await decide(spam.id, 'reject', {});
    expect(noReason.status).toBe(422);
    expect(((await noReason.json()) as any).errors.map((error: any) => error.field)).toContain('reason');
    const reject = await decide(spam.id, 'reject', { reason: 'not a programmable API' });
    expect(reject.status).toBe(200);
    expect(await reject.json()).toMatchObject({ status: 'rejected', slug: null, decision: { status: 'rejected', reason: 'not a programmable API' } });
    expect((await getJson(`/api/apis/submissions/${spam.id}`)).body.decision.reason).toBe('not a programmable API');
    expect((await decide(spam.id, 'approve')).status).toBe(409);
    expect((await decide('no-such-submission', 'approve')).status).toBe(404);
    const rejected = await getJson('/api/admin/submissions?status=rejected', admin);
    expect(rejected.body.items.map((item: any) => item.id)).toContain(spam.id);

    const log = async (id: string) => (await server.ctx.store.submissionLog({ submissionId: id, limit: 10 })).reverse().map((entry) => [entry.decision, entry.actor, entry.reasons]);
    expect(await log(listed.id)).toEqual([
      ['pending', 'intake', expect.any(Array)],
      ['approved', 'admin', ['approve', `slug:${slug}`, 'real API, docs checked']],
    ]);
    expect(await log(spam.id)).toEqual([
      ['pending', 'intake', expect.any(Array)],
      ['rejected', 'admin', ['reject', 'not a programmable API']],
    ]);
  });

  it('gives stable, unique slugs: the one asked for, else from the name, "-2" when taken', async () => {
    const word = uniqueWord();
    const asked = await submitted({ slug: `${word}-tides` });
    expect(((await (await decide(asked.id, 'approve')).json()) as any).slug).toBe(`${word}-tides`);
    // Two APIs of one name at two hosts: the second listed gets "-2".
    const first = await submitted({ name: `Tidal ${word}`, url: 'https://one.example.org/' });
    const second = await submitted({ name: `Tidal ${word}`, url: 'https://two.example.org/' });
    expect(((await (await decide(first.id, 'approve')).json()) as any).slug).toBe(`tidal-${word}`);
    expect(((await (await decide(second.id, 'approve')).json()) as any).slug).toBe(`tidal-${word}-2`);
    expect((await getJson(`/api/apis/tidal-${word}-2`)).body.url).toBe('https://two.example.org/');
    // Names that would shadow routes get a suffix; names without ASCII letters still get a slug.
    const reserved = await submitted({ name: 'Submit', url: 'https://submit.example.org/' });
    expect(((await (await decide(reserved.id, 'approve')).json()) as any).slug).toBe('submit-2');
  });

  it('refuses to approve a submission whose API was listed meanwhile, naming the listing', async () => {
    const pending = await submitted();
    await server.ctx.store.saveListings([{ ...pending.listing, slug: `${pending.listing.url.split('//')[1].split('.')[0]}-imported` }]);
    await server.ctx.catalogue.refresh();
    const response = await decide(pending.id, 'approve');
    expect(response.status).toBe(409);
    expect(((await response.json()) as any).existingSlug).toMatch(/-imported$/);
    expect((await server.ctx.store.getSubmission(pending.id))!.status).toBe('pending');
  });

  it('guards the admin endpoints: no token 401, a wrong one 403, none configured 404', async () => {
    const pending = await submitted();
    const none = await fetch(`${server.baseUrl}/api/admin/submissions`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect((await fetch(`${server.baseUrl}/api/admin/submissions`, { headers: { authorization: 'Bearer not-the-token-at-all' } })).status).toBe(403);
    expect((await decide(pending.id, 'approve', undefined, {})).status).toBe(401);
    expect((await decide(pending.id, 'reject', { reason: 'x' }, { authorization: 'Basic abc' })).status).toBe(403);
    expect((await server.ctx.store.getSubmission(pending.id))!.status).toBe('pending');
    const disabled = await startTestServer(url);
    try {
      expect((await fetch(`${disabled.baseUrl}/api/admin/submissions`, { headers: admin })).status).toBe(404);
      expect((await fetch(`${disabled.baseUrl}/api/admin/submissions/${pending.id}/approve`, { method: 'POST', headers: admin })).status).toBe(404);
    } finally {
      await disabled.close();
    }
  });

  it('replays a keyed retry byte for byte without queuing twice; the same key with another body is a 422', async () => {
    const proposal = aSubmission();
    const key = `submit-${kind}-${counter}`;
    const first = await post(proposal, { 'idempotency-key': key });
    expect(first.status).toBe(202);
    const text = await first.text();
    const count = await server.ctx.store.countSubmissions();
    const retry = await post(proposal, { 'idempotency-key': key });
    expect(retry.status).toBe(202);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('location')).toBe(first.headers.get('location'));
    expect(await retry.text()).toBe(text);
    const other = await post(aSubmission(), { 'idempotency-key': key });
    expect(other.status).toBe(422);
    expect(((await other.json()) as any).errors[0].field).toBe('Idempotency-Key');
    expect(await server.ctx.store.countSubmissions()).toBe(count);
  });

  it('counts submissions against the write limit: 429 problem with Retry-After, nothing queued', async () => {
    const limited = await startTestServer(url, { rateLimits: { writes: { limit: 2, windowSeconds: 60 }, reads: { limit: 100, windowSeconds: 60 } } });
    try {
      const send = (body: unknown) => fetch(`${limited.baseUrl}/api/apis/submit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect((await send(aSubmission())).status).toBe(202);
      expect((await send(aSubmission())).status).toBe(202);
      const before = await limited.ctx.store.countSubmissions();
      const refused = await send(aSubmission());
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(await limited.ctx.store.countSubmissions()).toBe(before);
    } finally {
      await limited.close();
    }
  });
});
