import type { CriterionResult } from '../../listings/listing.ts';
import { isObject, resultAt, type Located, type OpenApiView } from '../openapi-view.ts';

/**
 * jsonResponse from an OpenAPI document: passed when a response is documented with a JSON media
 * type; failed when responses name concrete media types and none is JSON (no wildcard such as
 * `*\/*`); silent documents leave it unassessed.
 */

const mediaTypeOf = (text: string) => text.split(';')[0]!.trim().toLowerCase();
const isJsonMediaType = (text: string) => /^[a-z*]+\/(?:[\w.+-]*[+.-])?json$/.test(mediaTypeOf(text)) && !mediaTypeOf(text).startsWith('*');
const isWildcard = (text: string) => mediaTypeOf(text).includes('*');

function documentedMediaTypes({ root, version, operations, responses }: OpenApiView): Located<string>[] {
  const mediaTypes: Located<string>[] = [];
  if (version === 'swagger-2.0') {
    const rootProduces = Array.isArray(root.produces) ? root.produces : [];
    rootProduces.forEach((type, index) => typeof type === 'string' && mediaTypes.push({ value: type, path: ['produces', index] }));
    for (const { path, operation } of operations) {
      if (!Array.isArray(operation.produces)) continue;
      operation.produces.forEach((type, index) => typeof type === 'string' && mediaTypes.push({ value: type, path: [...path, 'produces', index] }));
    }
    for (const { path, response } of responses) {
      if (isObject(response.examples)) for (const type of Object.keys(response.examples)) mediaTypes.push({ value: type, path: [...path, 'examples', type] });
    }
  } else {
    for (const { path, response } of responses) {
      if (isObject(response.content)) for (const type of Object.keys(response.content)) mediaTypes.push({ value: type, path: [...path, 'content', type] });
    }
  }
  return mediaTypes;
}

export function assessJsonResponse(view: OpenApiView): CriterionResult | undefined {
  const mediaTypes = documentedMediaTypes(view);
  // A success response's JSON is better evidence than an error's.
  const json = mediaTypes.find((type) => isJsonMediaType(type.value) && /^2/.test(String(type.path[type.path.indexOf('responses') + 1] ?? ''))) ?? mediaTypes.find((type) => isJsonMediaType(type.value));
  if (json) return resultAt(view, 'passed', json.path, `responses are documented as ${mediaTypeOf(json.value)}`);
  if (mediaTypes.length > 0 && !mediaTypes.some((type) => isWildcard(type.value))) {
    const kinds = [...new Set(mediaTypes.map((type) => mediaTypeOf(type.value)))];
    return resultAt(view, 'failed', mediaTypes[0]!.path, `every documented response media type is non-JSON (${kinds.slice(0, 5).join(', ')}${kinds.length > 5 ? ', …' : ''})`);
  }
  return undefined;
}
