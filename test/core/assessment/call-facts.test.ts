import { describe, expect, it } from 'vitest';
import { assessOpenApiEvidence } from '../../../src/core/assessment/assess-openapi-evidence.ts';
import { envVarNameOf, quickstartOf } from '../../../src/core/listings/get-quickstart.ts';
import { listingSchema, type Listing } from '../../../src/core/listings/listing.ts';

const callOf = (document: Record<string, unknown>) =>
  assessOpenApiEvidence(document, document.swagger ? 'swagger-2.0' : 'openapi-3.0', { source: 'doc' }).call;

const openapi = (extra: Record<string, unknown>) => ({ openapi: '3.0.3', info: { title: 'T', version: '1' }, ...extra });

describe('call facts from an OpenAPI document', () => {
  it('reads the base URL from the first usable server, filling server variables with their defaults', () => {
    const call = callOf(openapi({ servers: [{ url: '/relative' }, { url: 'https://{region}.example.com/v2/', variables: { region: { default: 'eu' } } }], paths: {} }));
    expect(call.baseUrl).toEqual({ value: 'https://eu.example.com/v2', source: 'doc', pointer: '#/servers/1/url' });
  });

  it('builds a Swagger 2.0 base URL from host, basePath and the https scheme', () => {
    const call = callOf({ swagger: '2.0', info: { title: 'T', version: '1' }, host: 'api.example.com', basePath: '/v1', schemes: ['http', 'https'], paths: {} });
    expect(call.baseUrl).toEqual({ value: 'https://api.example.com/v1', source: 'doc', pointer: '#/host' });
  });

  it('says where the credential goes, preferring a static secret over a browser flow', () => {
    const call = callOf(
      openapi({
        components: {
          securitySchemes: {
            oauth: { type: 'oauth2', flows: { authorizationCode: { authorizationUrl: 'https://x', tokenUrl: 'https://y', scopes: {} } } },
            key: { type: 'apiKey', in: 'query', name: 'api_key' },
          },
        },
        paths: {},
      }),
    );
    expect(call.auth).toEqual({ value: { type: 'apiKey', in: 'query', name: 'api_key', browserNeeded: false }, source: 'doc', pointer: '#/components/securitySchemes/key' });
  });

  it('marks a browser-only OAuth 2 API and an API that needs no credential', () => {
    const browser = callOf(openapi({ components: { securitySchemes: { oauth: { type: 'oauth2', flows: { implicit: { authorizationUrl: 'https://x', scopes: {} } } } } }, paths: {} }));
    expect(browser.auth?.value).toEqual({ type: 'oauth2', in: 'header', name: 'Authorization', browserNeeded: true });
    const open = callOf(openapi({ security: [], paths: {} }));
    expect(open.auth).toMatchObject({ value: { type: 'none', browserNeeded: false }, pointer: '#/security' });
  });

  it('picks a GET with no required body and the fewest required parameters, skipping deprecated ones, with examples where the document gives them', () => {
    const call = callOf(
      openapi({
        servers: [{ url: 'https://api.example.com' }],
        paths: {
          '/old': { get: { deprecated: true } },
          '/search': { post: { summary: 'Search' } },
          '/items': { get: { requestBody: { required: true, content: {} } } },
          '/items/{id}': { get: { summary: 'One item', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', example: 'abc' } }] } },
          '/forecast': { get: { summary: 'Forecast', requestBody: { content: {} }, parameters: [{ name: 'city', in: 'query', required: true, schema: { type: 'string' } }, { name: 'units', in: 'query', schema: { type: 'string' } }] } },
        },
      }),
    );
    expect(call.firstRequest).toEqual({
      value: { method: 'GET', path: '/forecast', summary: 'Forecast', parameters: [{ name: 'city', in: 'query' }] },
      source: 'doc',
      pointer: '#/paths/~1forecast/get',
    });
  });

  it('leaves out, with the reason, a header name, server URL or path a pasted command would run (issue 28)', () => {
    const document = openapi({
      servers: [{ url: 'https://api.example.com/$(touch pwned)"; touch pwned2; echo "' }],
      components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key$(touch pwned)"; touch pwned2; echo "' } } },
      security: [{ key: [] }],
      paths: { '/items\n`touch pwned`': { get: { summary: 'Items' } } },
    });
    const evidence = assessOpenApiEvidence(document, 'openapi-3.0', { source: 'doc' });
    expect(evidence.call).toEqual({});
    expect(evidence.callDropped).toEqual([
      expect.stringMatching(/^left out of the snippets: call\.baseUrl must not contain spaces or line breaks/),
      expect.stringMatching(/^left out of the snippets: call\.auth\.name must be an HTTP header name \(RFC 9110 token/),
      expect.stringMatching(/^left out of the snippets: call\.firstRequest\.path must not contain spaces or line breaks/),
    ]);
    // The criteria the document evidences are still read: only the facts a command is built from go.
    expect(evidence.cliCriteria.envVarAuth?.status).toBe('passed');
  });

  it('shows nothing it did not read: no servers, no schemes, no GET', () => {
    expect(callOf(openapi({ paths: { '/x': { post: {} } } }))).toEqual({});
  });
});

describe('the quickstart of a listing', () => {
  const listing = (call: Listing['call'], extra: Partial<Listing> = {}) =>
    listingSchema.parse({
      slug: 'weather-co',
      name: 'Weather Co',
      description: 'Forecasts',
      category: 'Weather',
      provider: 'weather.co.uk',
      call,
      sources: [{ id: 'doc', title: 'Its OpenAPI document', version: '1', licence: 'CC0-1.0', url: 'https://example.com/openapi.json', asOf: '2026-11-01' }],
      ...extra,
    });
  const base = { value: 'https://api.weather.example', source: 'doc', pointer: '#/servers/0/url' };
  const first = { value: { method: 'GET' as const, path: '/forecast/{city}', parameters: [{ name: 'city', in: 'path' as const }, { name: 'days', in: 'query' as const, example: '5' }] }, source: 'doc', pointer: '#/paths/~1forecast~1{city}/get' };

  it('names the environment variable after the provider, or the slug', () => {
    expect(envVarNameOf(listing({}), 'apiKey')).toBe('WEATHER_API_KEY');
    expect(envVarNameOf(listing({}, { provider: 'not a domain' }), 'oauth2')).toBe('WEATHER_CO_TOKEN');
    expect(envVarNameOf(listing({}), 'basic')).toBe('WEATHER_CREDENTIALS');
    expect(envVarNameOf(listing({}), 'none')).toBeNull();
  });

  it('writes a runnable curl and fetch that read the secret from the environment, with the evidence of each fact', () => {
    const quickstart = quickstartOf(listing({ baseUrl: base, auth: { value: { type: 'apiKey', in: 'header', name: 'X-Api-Key', browserNeeded: false }, source: 'doc', pointer: '#/components/securitySchemes/key' }, firstRequest: first }));
    expect(quickstart.firstRequest?.value.curl).toBe(`curl -sS --fail-with-body --globoff 'https://api.weather.example/forecast/{city}?days=5' -H 'Accept: application/json' -H 'X-Api-Key: '"$WEATHER_API_KEY"`);
    expect(quickstart.firstRequest?.value.node).toContain('"x-api-key": process.env.WEATHER_API_KEY');
    expect(quickstart.firstRequest?.value.placeholders).toEqual(['city']);
    expect(quickstart.auth?.evidence).toEqual({ source: 'doc', pointer: '#/components/securitySchemes/key', evidenceUrl: 'https://example.com/openapi.json#/components/securitySchemes/key' });
    expect(quickstart.gotchas).toEqual([]);
  });

  it('warns of a key in the query string, a browser-only sign-in and plain HTTP', () => {
    const query = quickstartOf(listing({ baseUrl: { ...base, value: 'http://api.weather.example' }, auth: { value: { type: 'apiKey', in: 'query', name: 'key', browserNeeded: false }, source: 'doc' }, firstRequest: first }));
    expect(query.firstRequest?.value.curl).toContain(`'http://api.weather.example/forecast/{city}?days=5&key='"$WEATHER_API_KEY"`);
    expect(query.gotchas).toEqual([expect.stringContaining('query parameter "key"'), expect.stringContaining('plain HTTP')]);
    const browser = quickstartOf(listing({ auth: { value: { type: 'oauth2', in: 'header', name: 'Authorization', browserNeeded: true }, source: 'doc' } }));
    expect(browser.gotchas).toEqual([expect.stringContaining('browser sign-in')]);
  });

  it('leaves out, as null, what no source shows', () => {
    const quickstart = quickstartOf(listing(undefined));
    expect(quickstart).toMatchObject({ baseUrl: null, auth: null, firstRequest: null, sdk: null, rateLimits: null, gotchas: [] });
  });
});
