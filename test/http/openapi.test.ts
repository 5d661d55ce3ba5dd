import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';
import { buildHttpApp } from '../../src/http/app.ts';

describe('OpenAPI document', () => {
  let server: TestServer;
  let document: any;

  beforeAll(async () => {
    server = await startTestServer(await STORE_KINDS[0].databaseUrl());
    document = await (await fetch(`${server.baseUrl}/openapi.json`)).json();
  });
  afterAll(async () => server?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document));
    expect(result.valid ? [] : result.errors).toEqual([]);
    const broken = await validate({ ...structuredClone(document), paths: { '/x': { get: { responses: { 200: { description: 1 } } } } } });
    expect(broken.valid).toBe(false);
  });

  it('documents every route the server registers', async () => {
    const app = await buildHttpApp({ ctx: server.ctx });
    const routes = app.registeredRoutes.filter((route) => !route.hidden);
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const route of routes) {
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(document.paths[path]?.[route.method.toLowerCase()], `${route.method} ${route.url} is not in /openapi.json`).toBeDefined();
    }
    await app.close();
  });

  it('documents the lookup parameters with their bounds and the problem responses', () => {
    const lookup = document.paths['/api/apis'].get;
    const limit = lookup.parameters.find((p: any) => p.name === 'limit');
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    const sort = lookup.parameters.find((p: any) => p.name === 'sort');
    expect(sort.schema.enum).toEqual(['relevance', 'name', 'cli-relevance', 'quality']);
    expect(Object.keys(lookup.responses['400'].content)).toEqual(['application/problem+json']);
    expect(document.paths['/api/apis/{slug}'].get.responses['404']).toBeDefined();
  });

  it('publishes the listing detail shape with both scores', () => {
    const schemas = document.components.schemas;
    expect(schemas.ListingDetail.properties).toHaveProperty('cliRelevance');
    expect(schemas.ListingDetail.properties).toHaveProperty('quality');
    expect(schemas.CliRelevance.properties).toHaveProperty('criteria');
    expect(schemas.Quality.properties).toHaveProperty('breakdown');
  });

  it('describes every response: a success names its body, a badge or feed its own media type, every tag is declared', () => {
    const declared = new Set(document.tags.map((tag: any) => tag.name));
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const tag of operation.tags) expect(declared, `${method} ${path} tag ${tag}`).toContain(tag);
        for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
          expect(response.description, `${method} ${path} ${status}`).not.toBe('Default Response');
          expect(Object.values(response.content ?? {}).length, `${method} ${path} ${status} has no body schema`).toBeGreaterThan(0);
        }
      }
    }
    expect(document.paths['/api/apis/{slug}'].get.responses['200']).toEqual({
      description: 'OK: a ListingDetail.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ListingDetail' } } },
    });
    expect(Object.keys(document.paths['/badge/{file}'].get.responses['200'].content)).toEqual(['image/svg+xml']);
    expect(Object.keys(document.paths['/feed.xml'].get.responses['200'].content)).toEqual(['application/atom+xml']);
    expect(Object.keys(document.paths['/feed.json'].get.responses['200'].content)).toEqual(['application/feed+json']);
  });
});
