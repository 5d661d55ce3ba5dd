import { asString, isObject, type OpenApiView, type PathTokens } from './openapi-view.ts';

/**
 * The code samples an OpenAPI document carries with its operations, wherever the publisher put
 * them: the common `x-codeSamples`/`x-code-samples` lists, and samples under other vendor
 * extensions (OpenAI's `x-oaiMeta.examples.curl`). Each with its language and JSON pointer.
 */

export interface CodeSample {
  lang: string;
  source: string;
  path: PathTokens;
}

const MAX_DEPTH = 4;

function collect(value: unknown, path: PathTokens, lang: string, into: CodeSample[], depth: number): void {
  if (depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    if (value.length > 10) into.push({ lang, source: value, path });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      // { lang, source } entries (x-codeSamples): the entry is the sample, pointed at as a whole.
      if (isObject(item) && typeof item.source === 'string') into.push({ lang: asString(item.lang) ?? asString(item.label) ?? lang, source: item.source, path: [...path, index] });
      else collect(item, [...path, index], lang, into, depth + 1);
    });
    return;
  }
  if (isObject(value)) for (const [key, inner] of Object.entries(value)) collect(inner, [...path, key], key, into, depth + 1);
}

export function codeSamplesOf(view: OpenApiView): CodeSample[] {
  const samples: CodeSample[] = [];
  for (const { path, operation } of view.operations) {
    for (const [key, value] of Object.entries(operation)) if (key.startsWith('x-')) collect(value, [...path, key], key, samples, 0);
  }
  return samples;
}

/** A sample that reads a secret from the environment: process.env.X_KEY, os.getenv("X_TOKEN"), $X_API_KEY, ENV["X_SECRET"]. */
const ENV_SECRET = /(process\.env\.|os\.getenv\(\s*['"]|os\.environ(?:\.get\(\s*|\[\s*)['"]|ENV\[\s*['"]|\$\{?)([A-Z][A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD))\b/;

export function environmentSecretOf(sample: CodeSample): string | null {
  const match = ENV_SECRET.exec(sample.source);
  return match ? match[2]! : null;
}
