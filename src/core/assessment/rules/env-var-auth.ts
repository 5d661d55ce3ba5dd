import type { CriterionResult } from '../../listings/listing.ts';
import { environmentSecretOf, type CodeSample } from '../code-samples.ts';
import { resultAt, type OpenApiView } from '../openapi-view.ts';
import type { SecurityUse } from './security-schemes.ts';

/**
 * envVarAuth from an OpenAPI document (ADR 18): passed by a static scheme (API key, HTTP basic
 * or bearer, a non-interactive OAuth 2 flow), or by an explicit `security: []` with no schemes.
 * Every scheme an interactive OAuth 2 flow is weak evidence of failure: such providers often
 * issue long-lived tokens a script reads from the environment too (Slack's bot tokens, Google's
 * service accounts), which the document does not show; it is left not assessed with that reason.
 * A document that declares no scheme says nothing by itself (GitHub's and OpenAI's declare
 * none); its own code samples may, when they read the secret from an environment variable
 * (OpenAI's `process.env.OPENAI_API_KEY`).
 */

/** The first sample that reads a secret from the environment, and the variable it reads. */
export function secretFromEnvironment(samples: readonly CodeSample[]): { sample: CodeSample; variable: string } | null {
  for (const sample of samples) {
    const variable = environmentSecretOf(sample);
    if (variable) return { sample, variable };
  }
  return null;
}
export function assessEnvVarAuth(view: OpenApiView, { verdicts, explicitlyOpen }: SecurityUse, samples: readonly CodeSample[] = []): CriterionResult | undefined {
  const scripted = verdicts.find((verdict) => verdict.kind === 'static');
  if (scripted) return resultAt(view, 'passed', scripted.path, scripted.detail);
  const fromSample = secretFromEnvironment(samples);
  if (fromSample) return resultAt(view, 'passed', fromSample.sample.path, `the document's own ${fromSample.sample.lang} sample reads the credential from the environment variable ${fromSample.variable}`);
  if (verdicts.length > 0 && verdicts.every((verdict) => verdict.kind === 'interactive')) {
    return resultAt(view, 'not_assessed', verdicts[0]!.path, `${verdicts[0]!.detail}; the document shows no static token, but the provider may issue one outside OAuth, so this is not proof either way`);
  }
  if (explicitlyOpen) return resultAt(view, 'passed', ['security'], 'the document requires no authentication (empty security requirement, no security schemes)');
  const custom = verdicts.find((verdict) => verdict.kind === 'unknown' && verdict.detail.startsWith('a custom HTTP scheme'));
  if (custom) return resultAt(view, 'not_assessed', custom.path, custom.detail);
  return undefined;
}
