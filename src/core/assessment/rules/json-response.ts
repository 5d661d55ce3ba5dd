import type { CriterionResult } from '../../listings/listing.ts';
import { isObject, resultAt, type Located, type OpenApiView } from '../openapi-view.ts';

/**
 * jsonResponse from an OpenAPI document: passed when a success (2xx) response is documented with a
 * JSON media type; failed when success responses name concrete media types and none is JSON (no wildcard such as
 * `*\/*`); silent documents leave it unassessed.
 */

const mediaTypeOf = (text: string) => text.split(';')[0]!.trim().toLowerCase();
const isJsonMediaType = (text: string) => /^[a-z*]+\/(?:[\w.+-]*[+.-])?json$/.test(mediaTypeOf(text)) && !mediaTypeOf(text).startsWith('*');
const isWildcard = (text: string) => mediaTypeOf(text).includes('*');

/** Media types of success (2xx) responses: what a script parses. An error body's type says nothing about the answers it wants (ADR 29). */
function documentedMediaTypes({ root, version, operations, responses }: OpenApiView): (Located<string> & { code: string })[] {
  const mediaTypes: (Located<string> & { code: string })[] = [];
  if (version === 'swagger-2.0') {
    // Swagger's `produces` is what an operation answers with; its examples are keyed by response.
    const rootProduces = Array.isArray(root.produces) ? root.produces : [];
    rootProduces.forEach((type, index) => typeof type === 'string' && mediaTypes.push({ value: type, path: ['produces', index], code: '2XX' }));
    for (const { path, operation } of operations) {
      if (!Array.isArray(operation.produces)) continue;
      operation.produces.forEach((type, index) => typeof type === 'string' && mediaTypes.push({ value: type, path: [...path, 'produces', index], code: '2XX' }));
    }
    for (const { code, path, response } of responses) {
      if (isSuccess(code) && isObject(response.examples)) for (const type of Object.keys(response.examples)) mediaTypes.push({ value: type, path: [...path, 'examples', type], code });
    }
  } else {
    for (const { code, path, response } of responses) {
      if (isSuccess(code) && isObject(response.content)) for (const type of Object.keys(response.content)) mediaTypes.push({ value: type, path: [...path, 'content', type], code });
    }
  }
  return mediaTypes;
}

const isSuccess = (code: string) => /^2(?:\d\d|xx)$/i.test(code);

export function assessJsonResponse(view: OpenApiView): CriterionResult | undefined {
  const mediaTypes = documentedMediaTypes(view);
  const json = mediaTypes.find((type) => isJsonMediaType(type.value));
  if (json) return resultAt(view, 'passed', json.path, `a success (${json.code}) response is documented as ${mediaTypeOf(json.value)}`);
  if (mediaTypes.length > 0 && !mediaTypes.some((type) => isWildcard(type.value))) {
    const kinds = [...new Set(mediaTypes.map((type) => mediaTypeOf(type.value)))];
    return resultAt(view, 'failed', mediaTypes[0]!.path, `every documented success response media type is non-JSON (${kinds.slice(0, 5).join(', ')}${kinds.length > 5 ? ', …' : ''})`);
  }
  return undefined;
}
