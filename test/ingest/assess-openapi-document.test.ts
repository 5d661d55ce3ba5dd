import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { assessOpenApiDocument } from '../../src/ingest/openapi/assess-openapi-document.ts';
import { firstSentence } from '../../src/ingest/openapi/describing-sentence.ts';
import { readOpenApiSource } from '../../src/ingest/openapi/read-openapi-documents.ts';

const CORPUS = path.resolve('..', 'shared', 'corpus', 'openapi');
const FIXTURES = 'test/fixtures/openapi';
const load = async (file: string) => {
  const text = await readFile(file, 'utf8');
  return file.endsWith('.json') ? JSON.parse(text) : parse(text);
};

/** Follows an RFC 6901 pointer ("#/a/b~1c") through a parsed document. */
const at = (document: unknown, evidence: string) => {
  const pointer = /#(\/[^:]*)/.exec(evidence)![1]!;
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((value, token) => (value as Record<string, unknown>)?.[token], document);
};

describe('assessOpenApiDocument on the real documents', () => {
  it('New York Times article search: env-var auth through its apiKey scheme and JSON responses, each with a pointer that resolves; no SDK claimed', async () => {
    const document = await load(`${CORPUS}/nytimes.com.article_search.openapi.yaml`);
    const result = assessOpenApiDocument(document);
    expect(result.version).toBe('openapi-3.0');
    expect(result.problems).toEqual([]);
    expect(result.listing).toEqual({
      slug: 'article-search-api',
      name: 'Article Search API',
      // The first sentence, not cut at "Sept." of "Sept. 18, 1851".
      description:
        'With the Article Search API, you can search New York Times articles from Sept. 18, 1851 to today, retrieving headlines, abstracts, lead paragraphs, links to associated multimedia and other article metadata.',
      url: 'http://developer.nytimes.com/',
      category: 'Media',
      capabilities: ['Article Search'],
    });
    expect(result.cliCriteria.envVarAuth).toEqual({
      status: 'passed',
      evidence: expect.stringMatching(/^openapi:#\/components\/securitySchemes\/apikey: an API key sent in the query parameter "api-key"/),
      pointer: '#/components/securitySchemes/apikey',
    });
    expect(at(document, result.cliCriteria.envVarAuth!.evidence!)).toMatchObject({ type: 'apiKey', in: 'query', name: 'api-key' });
    expect(result.cliCriteria.jsonResponse).toEqual({
      status: 'passed',
      evidence: expect.stringMatching(/^openapi:#\/paths\/~1articlesearch\.json\/get\/responses\/200\/content\/application~1json: /),
      pointer: '#/paths/~1articlesearch.json/get/responses/200/content/application~1json',
    });
    expect(at(document, result.cliCriteria.jsonResponse!.evidence!)).toHaveProperty('schema');
    // A static key needs no browser, so headless passes from the same scheme (ADR 18).
    expect(result.cliCriteria.headless).toMatchObject({ status: 'passed', pointer: '#/components/securitySchemes/apikey' });
    // What the document cannot show stays not assessed: no SDK, no CLI, no pricing; silent on curl and rate limits.
    expect(Object.keys(result.cliCriteria).sort()).toEqual(['envVarAuth', 'headless', 'jsonResponse']);
    expect(result.cliCriteria.officialSdk).toBeUndefined();
  });

  it('xkcd: */* responses and no security scheme leave both criteria not assessed, never failed', async () => {
    const result = assessOpenApiDocument(await load(`${CORPUS}/xkcd.com.openapi.yaml`), { pointerBase: 'xkcd.yaml' });
    expect(result.problems).toEqual([]);
    expect(result.cliCriteria).toEqual({});
    expect(result.listing).toMatchObject({ slug: 'xkcd', name: 'XKCD', url: 'https://xkcd.com/json.html', category: 'Media' });
    // Without operation summaries, short first sentences of the descriptions are the capabilities.
    expect(result.listing.capabilities).toEqual(['Fetch current comic and metadata', 'Fetch comics and metadata by comic id']);
    expect(result.provider).toBe('xkcd.com');
  });
});

describe('assessOpenApiDocument on edge cases', () => {
  it('Swagger 2.0 with only an interactive OAuth flow and XML responses: auth not assessed with the reason (ADR 18), JSON failed, with the pointers as evidence', async () => {
    const document = await load(`${FIXTURES}/swagger2-oauth-xml.json`);
    const { cliCriteria, listing, version } = assessOpenApiDocument(document, { pointerBase: 'ledger.json' });
    expect(version).toBe('swagger-2.0');
    expect(listing).toMatchObject({ url: 'https://ledger.example.com/v1', category: 'Financial', description: 'Reads ledgers of the legacy accounting system.' });
    expect(cliCriteria.envVarAuth).toEqual({
      status: 'not_assessed',
      evidence:
        'ledger.json#/securityDefinitions/ledger_oauth: OAuth 2 with accessCode only, which needs a person in a browser to grant a token; the document shows no static token, but the provider may issue one outside OAuth, so this is not proof either way',
      pointer: '#/securityDefinitions/ledger_oauth',
    });
    expect(cliCriteria.headless).toBeUndefined();
    expect(cliCriteria.jsonResponse).toMatchObject({ status: 'failed', evidence: expect.stringContaining('ledger.json#/produces/0: ') });
    expect(cliCriteria.curlExamples).toMatchObject({ status: 'passed', evidence: expect.stringContaining('#/paths/~1ledgers~1{id}/get/x-code-samples/0') });
    expect(cliCriteria.rateLimits).toMatchObject({ status: 'passed', evidence: expect.stringContaining('#/paths/~1ledgers~1{id}/get/responses/429') });
  });

  it('OpenAPI 3.1: a bearer scheme, $ref responses with vendor JSON and a rate-limit header, curl in the description, info.summary first', async () => {
    const document = await load(`${FIXTURES}/openapi31-bearer.yaml`);
    const { cliCriteria, listing } = assessOpenApiDocument(document);
    expect(listing).toMatchObject({ description: 'Track parcels across carriers with one bearer token.', url: 'https://api.parcels.example/v2', category: 'Tracking', capabilities: ['Track a parcel', 'Register a parcel'] });
    expect(cliCriteria.envVarAuth?.evidence).toMatch(/^openapi:#\/components\/securitySchemes\/bearer: HTTP bearer/);
    // The pointer is where the media type really is, behind the $ref.
    expect(cliCriteria.jsonResponse?.evidence).toMatch(/^openapi:#\/components\/responses\/Parcel\/content\/application~1vnd\.parcels\+json: /);
    expect(at(document, cliCriteria.rateLimits!.evidence!)).toEqual({ schema: { type: 'integer' } });
    expect(cliCriteria.curlExamples).toEqual({ status: 'passed', evidence: 'openapi:#/info/description: a description with a curl command line', pointer: '#/info/description' });
  });

  it('OAuth with a client-credentials flow besides authorization code passes: a script gets a token without a browser', async () => {
    const { cliCriteria, listing } = assessOpenApiDocument(await load(`${FIXTURES}/oauth-client-credentials.yaml`));
    expect(cliCriteria.envVarAuth?.evidence).toMatch(/^openapi:#\/components\/securitySchemes\/oauth\/flows\/clientCredentials: /);
    expect(cliCriteria.jsonResponse?.status).toBe('passed');
    expect(listing).toMatchObject({ category: 'Transport', url: 'https://docs.fleet.example/?lang=en' });
  });

  it('an explicit empty security requirement passes env-var auth; "*/*" alone leaves JSON not assessed', async () => {
    const { cliCriteria, listing } = assessOpenApiDocument(await load(`${FIXTURES}/no-auth-needed.yaml`));
    expect(cliCriteria.envVarAuth).toMatchObject({ status: 'passed', evidence: expect.stringMatching(/^openapi:#\/security: /) });
    expect(cliCriteria.jsonResponse).toBeUndefined();
    expect(listing.description).toBe('Tide predictions for 3,000 ports, from Jan. 1 1990 to today.');
  });

  it('says what is missing, with the fix, instead of a listing', () => {
    expect(assessOpenApiDocument({ name: 'settings' }).problems[0]!.message).toContain('add "openapi: 3.1.0"');
    expect(assessOpenApiDocument('text').problems[0]!.field).toBe('(document)');
    expect(assessOpenApiDocument({ openapi: '3.0.0', info: {}, paths: {} }).problems.map((problem) => problem.field)).toEqual(['info.title', 'info.description']);
    expect(assessOpenApiDocument({ openapi: '4.0.0', info: { title: 'x', description: 'y' } }).problems[0]!.message).toContain('is not supported');
  });

  it('takes the sentence that says what the API does, and marks a description that only introduces the document', () => {
    const introduced = assessOpenApiDocument({ openapi: '3.0.0', info: { title: 'Queues', description: 'Welcome to the Queues API reference. Queues is a hosted queue that stores messages between services.' }, paths: {} });
    expect(introduced.listing.description).toBe('Queues is a hosted queue that stores messages between services.');
    expect(introduced.descriptionIsPreamble).toBe(false);
    expect(introduced.notes).toContain('description: the first sentence of info.description that says what the API does (1 about the document or headings passed over)');
    // Nothing better near it: the first sentence stands for an import, marked for the catalogue build.
    const preamble = assessOpenApiDocument({ openapi: '3.0.0', info: { title: 'Chat', description: 'This is the public Twilio REST API.' }, paths: {} });
    expect(preamble.listing.description).toBe('This is the public Twilio REST API.');
    expect(preamble.descriptionIsPreamble).toBe(true);
    expect(preamble.problems).toEqual([]);
  });

  it('reads capabilities from long first sentences, operation ids or routes only when no operation has a short summary', () => {
    const operation = (operationId: string, description?: string) => ({ operationId, ...(description ? { description } : {}), responses: { '200': { description: 'OK' } } });
    const unsummarised = assessOpenApiDocument({
      openapi: '3.0.0',
      info: { title: 'Numbers', description: 'Numbers.' },
      paths: {
        '/deactivations': { get: operation('FetchDeactivation', 'Fetch a list of all United States numbers that have been deactivated by carriers on a specific date.') },
        '/certs': { delete: operation('DeleteDomainCertV4'), get: operation('appCategories-get_collection') },
        '/api/v1/albums/{id}/tracks': { get: { responses: { '200': { description: 'OK' } } } },
      },
    });
    expect(unsummarised.listing.capabilities).toEqual(['Fetch a list of all United States numbers that have been deactivated by…', 'App categories get collection', 'Delete domain cert v4', 'Get albums tracks']);
    const summarised = assessOpenApiDocument({
      openapi: '3.0.0',
      info: { title: 'Numbers', description: 'Numbers.' },
      paths: { '/numbers': { get: { summary: 'List numbers', responses: { '200': { description: 'OK' } } } }, '/certs': { delete: operation('DeleteDomainCertV4') } },
    });
    expect(summarised.listing.capabilities).toEqual(['List numbers']);
  });

  it('takes no description from an address alone, and says so', () => {
    const { listing, problems } = assessOpenApiDocument({ openapi: '3.0.0', info: { title: 'Payments', description: 'https://www.example.com/api/v1' }, paths: {} });
    expect(listing.description).toBeUndefined();
    expect(problems).toContainEqual({ field: 'info.description', message: 'info.description is only an address (https://www.example.com/api/v1); add one sentence saying what the API does' });
    expect(assessOpenApiDocument({ openapi: '3.0.0', info: { title: 'Payments', description: 'Payments, see https://www.example.com/api/v1' }, paths: {} }).listing.description).toBe('Payments, see https://www.example.com/api/v1');
  });

  it('cuts a first sentence at a real sentence end only', () => {
    expect(firstSentence('Data from Sept. 18, 1851 on. More here.')).toBe('Data from Sept. 18, 1851 on.');
    expect(firstSentence('Uses **bold** and [links](https://x.example). Second.')).toBe('Uses bold and links.');
    expect(firstSentence('One paragraph without an end\n\nSecond paragraph.')).toBe('One paragraph without an end');
  });
});

describe('readOpenApiSource on a folder', () => {
  it('reads each document as one item; a bad file fails alone with its fix', async () => {
    const items = await readOpenApiSource(FIXTURES);
    expect(items.map((item) => [item.where, item.status])).toEqual([
      ['broken/bad-syntax.json', 'failed'],
      ['broken/no-description.yaml', 'failed'],
      ['broken/not-openapi.yaml', 'failed'],
      ['broken/unsupported-version.yaml', 'failed'],
      ['no-auth-needed.yaml', 'valid'],
      ['oauth-client-credentials.yaml', 'valid'],
      ['openapi31-bearer.yaml', 'valid'],
      ['swagger2-oauth-xml.json', 'valid'],
    ]);
    const failed = items.filter((item) => item.status === 'failed');
    expect(failed.map((item) => item.reason)).toEqual([
      expect.stringContaining('not valid JSON'),
      expect.stringContaining('add one sentence saying what the API does'),
      expect.stringContaining('has no "openapi" or "swagger" field'),
      expect.stringContaining('"4.0.0" is not supported'),
    ]);
  });
});
