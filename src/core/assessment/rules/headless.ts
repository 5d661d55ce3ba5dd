import type { CriterionResult } from '../../listings/listing.ts';
import type { CodeSample } from '../code-samples.ts';
import { resultAt, type OpenApiView } from '../openapi-view.ts';
import { secretFromEnvironment } from './env-var-auth.ts';
import type { SecurityUse } from './security-schemes.ts';

/**
 * headless from an OpenAPI document (ADR 18): a job in CI has no browser and no person, so the
 * API works there when its credentials can be had without either: a static secret (API key,
 * basic, bearer), the OAuth 2 client-credentials or password flow, or no authentication at all.
 * An API whose only flows are interactive is left unassessed rather than failed: providers of
 * such APIs often issue long-lived tokens too (Slack's bot tokens), which the document does not show.
 */
export function assessHeadless(view: OpenApiView, { verdicts, explicitlyOpen }: SecurityUse, samples: readonly CodeSample[] = []): CriterionResult | undefined {
  const scripted = verdicts.find((verdict) => verdict.kind === 'static');
  if (scripted) return resultAt(view, 'passed', scripted.path, `${scripted.detail}; no browser step, so it runs in CI and other headless jobs`);
  const fromSample = secretFromEnvironment(samples);
  if (fromSample) return resultAt(view, 'passed', fromSample.sample.path, `the document's own ${fromSample.sample.lang} sample takes its secret from ${fromSample.variable}, with no browser step, so it runs in CI`);
  if (explicitlyOpen) return resultAt(view, 'passed', ['security'], 'no authentication is required, so nothing needs a browser');
  const custom = verdicts.find((verdict) => verdict.kind === 'unknown' && verdict.detail.startsWith('a custom HTTP scheme'));
  if (custom) return resultAt(view, 'not_assessed', custom.path, custom.detail);
  return undefined;
}
