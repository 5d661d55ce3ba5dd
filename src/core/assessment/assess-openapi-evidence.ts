import type { AccessFacts, CallFacts, CliCriteria } from '../listings/listing.ts';
import { callFactsOf } from './call-facts.ts';
import { codeSamplesOf } from './code-samples.ts';
import { fragmentOf, openApiView, type Json, type OpenApiVersion } from './openapi-view.ts';
import { assessCurlExamples } from './rules/curl-examples.ts';
import { assessEnvVarAuth } from './rules/env-var-auth.ts';
import { assessHeadless } from './rules/headless.ts';
import { assessJsonResponse } from './rules/json-response.ts';
import { assessRateLimits } from './rules/rate-limits.ts';
import { securityUse } from './rules/security-schemes.ts';

/**
 * Every criterion an OpenAPI document can evidence, each with a JSON pointer into it, and the
 * access facts it shows (ADR 16, ADR 18). What the document does not show (an SDK, a CLI tool,
 * pricing) and what it is silent on stay out: silence is never a failure. `source` names the
 * listing's source entry the pointers resolve against.
 */
export interface OpenApiEvidence {
  cliCriteria: CliCriteria;
  access: AccessFacts;
  /** Only with a `source`: pointers mean nothing without one. */
  call: CallFacts;
  /** Call facts the document shows that were left out, each with the reason. */
  callDropped: string[];
}

export function assessOpenApiEvidence(root: Json, version: OpenApiVersion, { evidencePrefix = 'openapi:', source }: { evidencePrefix?: string; source?: string } = {}): OpenApiEvidence {
  const view = openApiView(root, version, evidencePrefix);
  const security = securityUse(view);
  const samples = codeSamplesOf(view);
  const found: CliCriteria = {
    jsonResponse: assessJsonResponse(view),
    envVarAuth: assessEnvVarAuth(view, security, samples),
    headless: assessHeadless(view, security, samples),
    curlExamples: assessCurlExamples(view, samples),
    rateLimits: assessRateLimits(view),
  };
  const cite = source ? { source } : {};
  const cliCriteria: CliCriteria = {};
  for (const [key, result] of Object.entries(found) as [keyof CliCriteria, CliCriteria[keyof CliCriteria]][]) {
    if (result) cliCriteria[key] = { ...result, ...cite };
  }
  const access: AccessFacts = {};
  if (source) {
    const kinds = [...new Set(security.verdicts.map((verdict) => verdict.auth))];
    if (kinds.length > 0) access.auth = { value: kinds, source, pointer: fragmentOf(version === 'swagger-2.0' ? ['securityDefinitions'] : ['components', 'securitySchemes']) };
    else if (security.explicitlyOpen) access.auth = { value: ['none'], source, pointer: '#/security' };
  }
  const callDropped: string[] = [];
  return { cliCriteria, access, call: source ? callFactsOf(view, security, source, callDropped) : {}, callDropped };
}
