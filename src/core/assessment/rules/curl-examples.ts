import type { CriterionResult } from '../../listings/listing.ts';
import type { CodeSample } from '../code-samples.ts';
import { isObject, resultAt, type Located, type OpenApiView } from '../openapi-view.ts';

/**
 * curlExamples from an OpenAPI document: passed by a code sample in curl or shell (an
 * `x-codeSamples`/`x-code-samples` entry, or a sample under another vendor extension such as
 * OpenAI's `x-oaiMeta`), or a description holding a curl command line. Silence leaves it unassessed.
 */

const CURL_LANG = /^(curl|shell|bash|sh|zsh|console|cli)$/i;
export const CURL_COMMAND = /(^|[\s`'"(>$])curl\s+(-{1,2}[a-zA-Z]|["']?https?:\/\/|\$\{?[A-Z_])/m;

export function assessCurlExamples(view: OpenApiView, samples: readonly CodeSample[]): CriterionResult | undefined {
  const { root, operations } = view;
  const curl = samples.find((sample) => CURL_LANG.test(sample.lang.trim()) || CURL_COMMAND.test(sample.source));
  if (curl) return resultAt(view, 'passed', curl.path, `a ${curl.lang || 'command-line'} code sample${CURL_COMMAND.test(curl.source) ? ' running curl' : ''}`);
  const described: Located<unknown>[] = [
    { value: isObject(root.info) ? root.info.description : undefined, path: ['info', 'description'] },
    ...operations.flatMap(({ path, operation }) => [
      { value: operation.description, path: [...path, 'description'] },
      { value: operation.summary, path: [...path, 'summary'] },
    ]),
    ...(Array.isArray(root.tags) ? root.tags.map((tag, index) => ({ value: isObject(tag) ? tag.description : undefined, path: ['tags', index, 'description'] })) : []),
  ];
  const withCurl = described.find((text) => typeof text.value === 'string' && CURL_COMMAND.test(text.value));
  if (withCurl) return resultAt(view, 'passed', withCurl.path, 'a description with a curl command line');
  return undefined;
}
