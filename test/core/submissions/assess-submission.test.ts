import { parseOpenApiTextOffThread } from '../../../src/core/submissions/parse-openapi-text.ts';
import { describe, expect, it } from 'vitest';
import { assessSubmission, mergedCriteria } from '../../../src/core/submissions/assess-submission.ts';
import { baseSlugOf, parseOpenApiText, submissionInputSchema } from '../../../src/core/submissions/submission-schema.ts';

const base = { name: 'Harbour tides', description: 'Tide tables as JSON', category: 'Data & Information' };

const DOCUMENT = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Harbour tides', version: '1' },
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } },
  security: [{ key: [] }],
  paths: {
    '/tides': {
      get: {
        summary: 'Get tide tables',
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } }, 429: { description: 'slow down' } },
      },
    },
  },
});

describe('submission assessment', () => {
  it('assesses the criteria a submitted document evidences with the importer\'s assessor, each with a pointer as evidence', () => {
    const record = submissionInputSchema.parse({ ...base, openApiDocument: DOCUMENT });
    const assessment = assessSubmission(record);
    expect(assessment.openApi).toBe('assessed');
    expect(assessment.documentVersion).toBe('openapi 3.1.0');
    expect(assessment.criteria.envVarAuth).toMatchObject({ status: 'passed', evidence: expect.stringContaining('securitySchemes') });
    expect(assessment.criteria.jsonResponse).toMatchObject({ status: 'passed', evidence: expect.stringContaining('application~1json') });
    expect(assessment.criteria.rateLimits).toMatchObject({ status: 'passed' });
    // What a document cannot show stays not assessed.
    expect(assessment.criteria.officialSdk).toBeUndefined();
    expect(assessment.notes[0]).toContain('envVarAuth');
  });

  it('says when there is no document, or no assessor to read it', () => {
    expect(assessSubmission(submissionInputSchema.parse(base))).toMatchObject({ openApi: 'no-document', criteria: {} });
    expect(assessSubmission(submissionInputSchema.parse({ ...base, openApiDocument: DOCUMENT }), null)).toMatchObject({ openApi: 'assessor-unavailable', documentVersion: 'openapi 3.1.0', criteria: {} });
  });

  it('lets the document\'s evidence win over a claim, and marks claims without evidence as the submitter\'s', () => {
    const merged = mergedCriteria(
      { envVarAuth: { status: 'failed' }, headless: { status: 'passed' }, cliTool: { status: 'passed', evidence: 'https://x.example/cli' }, officialSdk: { status: 'not_assessed' } },
      { openApi: 'assessed', documentVersion: 'openapi 3.1.0', criteria: { envVarAuth: { status: 'passed', evidence: 'openapi:#/components/securitySchemes/key' } }, notes: [] },
      'sub-1',
    );
    expect(merged).toEqual({
      envVarAuth: { status: 'passed', evidence: 'openapi:#/components/securitySchemes/key' },
      headless: { status: 'passed', evidence: 'Claimed by the submitter (submission sub-1); not verified from a document.' },
      cliTool: { status: 'passed', evidence: 'https://x.example/cli' },
      officialSdk: { status: 'not_assessed' },
    });
  });

  it('refuses documents that are not OpenAPI, do not parse, contain themselves or nest without end, on this thread and off it', async () => {
    expect(parseOpenApiText('openapi: 3.0.0\ninfo: {title: x}\n')).toMatchObject({ version: 'openapi 3.0.0' });
    expect(parseOpenApiText('swagger: "2.0"\n')).toMatchObject({ version: 'swagger 2.0' });
    expect(parseOpenApiText('openapi: 4.0.0\n')).toMatch(/OpenAPI 3.0 or 3.1 or a Swagger 2.0/);
    expect(parseOpenApiText('- a\n- b\n')).toMatch(/object at the top/);
    expect(parseOpenApiText('{ "openapi": ')).toMatch(/neither valid JSON nor valid YAML/);
    expect(parseOpenApiText('openapi: 3.0.0\npaths: &p\n  loop: *p\n')).toMatch(/contains itself/);
    expect(parseOpenApiText(`{"openapi":"3.0.0","x":${'['.repeat(300)}${']'.repeat(300)}}`)).toMatch(/deeper than 200/);
    // The verb parses off the main thread with the same answers: YAML in a worker, JSON here.
    expect(await parseOpenApiTextOffThread('openapi: 3.0.0\npaths: &p\n  loop: *p\n')).toMatch(/contains itself/);
    expect(await parseOpenApiTextOffThread('openapi: 3.0.0\ninfo: {title: x}\n')).toMatchObject({ version: 'openapi 3.0.0' });
    expect(await parseOpenApiTextOffThread('{"swagger": "2.0"}')).toMatchObject({ version: 'swagger 2.0' });
    expect(await parseOpenApiTextOffThread('{ "openapi": ')).toMatch(/neither valid JSON nor valid YAML/);
    // The schema checks the text's size and characters only; parsing is the verb's.
    expect(submissionInputSchema.safeParse({ ...base, openApiDocument: 'openapi: 3.0.0\npaths: &p\n  loop: *p\n' }).success).toBe(true);
  });

  it('makes slugs from names: ASCII words joined by hyphens, at most 70 characters, never empty', () => {
    expect(baseSlugOf('Café Créme  API (v2)!')).toBe('cafe-creme-api-v2');
    expect(baseSlugOf('東京')).toBe('api');
    const long = baseSlugOf('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(70);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('strips bidirectional-override characters from the proposal and keeps the schema idempotent', () => {
    const record = submissionInputSchema.parse({ ...base, name: 'Harbour\u202e tides' });
    expect(record.name).toBe('Harbour tides');
    expect(submissionInputSchema.parse(record)).toEqual(record);
  });
});
