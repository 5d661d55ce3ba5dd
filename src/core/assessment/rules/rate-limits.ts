import type { CriterionResult } from '../../listings/listing.ts';
import { isObject, resultAt, type OpenApiView } from '../openapi-view.ts';

/**
 * rateLimits from an OpenAPI document: passed by a documented 429 response or a rate-limit
 * response header (a documented limit is one a script can keep to). Silence leaves it unassessed.
 */

const RATE_LIMIT_HEADER = /rate-?limit|retry-after/i;

export function assessRateLimits(view: OpenApiView): CriterionResult | undefined {
  const tooMany = view.responses.find((response) => response.code === '429');
  if (tooMany) return resultAt(view, 'passed', tooMany.path, 'a 429 Too Many Requests response is documented');
  for (const { path, response } of view.responses) {
    if (!isObject(response.headers)) continue;
    const header = Object.keys(response.headers).find((name) => RATE_LIMIT_HEADER.test(name));
    if (header) return resultAt(view, 'passed', [...path, 'headers', header], `responses carry the ${header} header`);
  }
  return undefined;
}
