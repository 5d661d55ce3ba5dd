import type { CriterionResult } from '../../listings/listing.ts';
import { asString, isObject, resultAt, type Located, type OpenApiView } from '../openapi-view.ts';

/**
 * curlExamples from an OpenAPI document: passed by an `x-codeSamples`/`x-code-samples` entry
 * in curl or shell, or a description holding a curl command line. Silence leaves it unassessed.
 */

const CURL_LANG = /^(curl|shell|bash|sh|zsh|console|cli)$/i;
export const CURL_COMMAND = /(^|[\s`'"(>$])curl\s+(-{1,2}[a-zA-Z]|["']?https?:\/\/|\$\{?[A-Z_])/m;

export function assessCurlExamples(view: OpenApiView): CriterionResult | undefined {
  const { root, operations } = view;
  for (const { path, operation } of operations) {
    for (const key of ['x-codeSamples', 'x-code-samples']) {
      const samples = operation[key];
      if (!Array.isArray(samples)) continue;
      for (let index = 0; index < samples.length; index += 1) {
        const sample = samples[index];
        if (!isObject(sample)) continue;
        const lang = asString(sample.lang) ?? asString(sample.label) ?? '';
        const source = asString(sample.source) ?? '';
        if (CURL_LANG.test(lang.trim()) || CURL_COMMAND.test(source)) {
          return resultAt(view, 'passed', [...path, key, index], `a ${lang || 'command-line'} code sample${CURL_COMMAND.test(source) ? ' running curl' : ''}`);
        }
      }
    }
  }
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
