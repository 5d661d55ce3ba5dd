import type { EnrichSettings } from '../enrich-settings.ts';
import { fetchJson, FetchJsonError, type FetchJsonOptions } from '../fetch-json.ts';
import { withoutUnsafeCharacters } from '../../core/text/unsafe-characters.ts';

/**
 * What the npm registry says about one package, read from its package document
 * (GET {registry}/{name}), its @types package when it ships no types of its own, and the
 * download counts API (GET {downloads}/downloads/point/last-week/{name}).
 *
 * Values the documents do not give are null, never guessed. Anything that stops the reading
 * (an unknown package, a document without a latest version, a service that keeps failing)
 * is an NpmReadError whose message says what happened; nothing partial is returned.
 */

export interface NpmPackageReading {
  name: string;
  latestVersion: string;
  /** When the latest version was published (ISO 8601), null when the document has no time for it. */
  lastReleaseAt: string | null;
  daysSinceLastRelease: number | null;
  typeDefinitions: boolean;
  /** Where the types were found: "types field", "typings field", "exports types condition", "@types/x", or null. */
  typesFrom: string | null;
  /** The latest version's deprecation message, or false. */
  deprecated: string | false;
  repositoryUrl: string | null;
  /** Null when the downloads API has no count for the package (404). */
  weeklyDownloads: number | null;
}

export class NpmReadError extends Error {
  override name = 'NpmReadError';
}

export type NpmReadOptions = Pick<FetchJsonOptions, 'fetch' | 'sleep' | 'random' | 'onRetry'> & {
  settings: EnrichSettings;
  now: Date;
};

const DAY_MS = 86_400_000;
const MAX_MESSAGE = 500;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** "@scope/pkg" → "@scope%2fpkg", as the npm client asks the registry. */
export const registryPath = (name: string) => name.replace('/', '%2f');

/** @types/… package of a package: "pkg" → "@types/pkg", "@scope/pkg" → "@types/scope__pkg". */
export const typesPackageOf = (name: string) => `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;

/** One line of plain text: registry text is outside input, so control characters go and length is bounded. */
function oneLine(text: string, max: number): string {
  const clean = withoutUnsafeCharacters(text)
    .replace(/[\u0000-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean;
}

function hasTypesCondition(exports: unknown, depth = 0): boolean {
  if (depth > 8 || !isObject(exports)) return false;
  return Object.entries(exports).some(([key, value]) => (key === 'types' && typeof value === 'string') || hasTypesCondition(value, depth + 1));
}

/** Where a package manifest declares its own type definitions, or null. */
export function ownTypes(manifest: Json): string | null {
  if (typeof manifest.types === 'string' && manifest.types.trim()) return 'types field';
  if (typeof manifest.typings === 'string' && manifest.typings.trim()) return 'typings field';
  if (hasTypesCondition(manifest.exports)) return 'exports types condition';
  return null;
}

const HOSTS: Record<string, string> = { github: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org' };

/**
 * A browsable https URL of a package.json `repository`: "user/repo", "github:user/repo",
 * "git+https://host/x.git", "git://host/x.git", "git+ssh://git@host/x.git", "git@host:x.git",
 * or { url }. Null when it is none of those.
 */
export function repositoryUrlOf(repository: unknown): string | null {
  const raw = isObject(repository) ? repository.url : repository;
  if (typeof raw !== 'string' || !raw.trim()) return null;
  let value = raw.trim();
  const shorthand = /^(?:(github|gitlab|bitbucket):)?([\w.-]+)\/([\w.-]+)$/.exec(value);
  if (shorthand) value = `https://${HOSTS[shorthand[1] ?? 'github']}/${shorthand[2]}/${shorthand[3]}`;
  const scp = /^(?:[\w.-]+@)?([\w.-]+\.[a-z]{2,}):(?!\/\/)(.+)$/i.exec(value);
  if (scp) value = `https://${scp[1]}/${scp[2]}`;
  value = value.replace(/^git\+/, '').replace(/^(?:git|ssh):\/\//, 'https://');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.username = '';
  url.password = '';
  url.hash = '';
  url.search = '';
  url.pathname = url.pathname.replace(/\.git$/, '').replace(/\/+$/, '');
  return url.toString().replace(/\/$/, '');
}

async function getJson(url: string, options: NpmReadOptions, accept?: string) {
  try {
    return await fetchJson(url, { retry: options.settings.retry, ...(accept ? { headers: { accept } } : {}), ...pick(options) });
  } catch (error) {
    if (error instanceof FetchJsonError) throw new NpmReadError(error.message);
    throw error;
  }
}

const pick = ({ fetch, sleep, random, onRetry }: NpmReadOptions) => ({
  ...(fetch ? { fetch } : {}),
  ...(sleep ? { sleep } : {}),
  ...(random ? { random } : {}),
  ...(onRetry ? { onRetry } : {}),
});

/** Whether `@types/…` of the package exists, with a latest version that is not deprecated (a stub saying "types ship with the package" still counts: they do). */
async function typesPackageExists(name: string, options: NpmReadOptions): Promise<boolean> {
  // The abbreviated document is enough to know the package exists, and much smaller.
  const result = await getJson(`${options.settings.npmRegistryUrl}/${registryPath(typesPackageOf(name))}`, options, 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8');
  if (result.kind === 'not-found') return false;
  const document = result.body;
  if (!isObject(document) || !isObject(document['dist-tags']) || typeof document['dist-tags'].latest !== 'string') {
    throw new NpmReadError(`the registry's document for ${typesPackageOf(name)} has no latest version (dist-tags.latest)`);
  }
  return true;
}

async function readWeeklyDownloads(name: string, options: NpmReadOptions): Promise<number | null> {
  const url = `${options.settings.npmDownloadsApiUrl}/downloads/point/last-week/${name}`;
  const result = await getJson(url, options);
  if (result.kind === 'not-found') return null;
  const downloads = isObject(result.body) ? result.body.downloads : undefined;
  if (typeof downloads !== 'number' || !Number.isInteger(downloads) || downloads < 0) {
    throw new NpmReadError(`GET ${url}: the answer has no whole "downloads" count`);
  }
  return downloads;
}

export async function readNpmPackage(name: string, options: NpmReadOptions): Promise<NpmPackageReading> {
  const url = `${options.settings.npmRegistryUrl}/${registryPath(name)}`;
  const result = await getJson(url, options);
  if (result.kind === 'not-found') throw new NpmReadError(`the npm registry has no package "${name}" (GET ${url}: HTTP ${result.status})`);
  const document = result.body;
  if (!isObject(document)) throw new NpmReadError(`GET ${url}: the answer is not a package document (a JSON object)`);
  const latestVersion = isObject(document['dist-tags']) ? document['dist-tags'].latest : undefined;
  if (typeof latestVersion !== 'string' || !latestVersion.trim()) throw new NpmReadError(`GET ${url}: the package document has no latest version (dist-tags.latest)`);
  const manifest = isObject(document.versions) ? document.versions[latestVersion] : undefined;
  if (!isObject(manifest)) throw new NpmReadError(`GET ${url}: the package document has no manifest of its latest version ${latestVersion}`);

  const published = isObject(document.time) ? document.time[latestVersion] : undefined;
  const publishedMs = typeof published === 'string' ? Date.parse(published) : Number.NaN;
  const lastReleaseAt = Number.isNaN(publishedMs) ? null : new Date(publishedMs).toISOString();
  const daysSinceLastRelease = Number.isNaN(publishedMs) ? null : Math.max(0, Math.floor((options.now.getTime() - publishedMs) / DAY_MS));

  const deprecated = typeof manifest.deprecated === 'string' && manifest.deprecated.trim() ? oneLine(manifest.deprecated, MAX_MESSAGE) : false;

  let typesFrom = name.startsWith('@types/') ? 'the package is itself a @types package' : ownTypes(manifest);
  const [typesElsewhere, weeklyDownloads] = await Promise.all([
    typesFrom === null ? typesPackageExists(name, options) : Promise.resolve(false),
    readWeeklyDownloads(name, options),
  ]);
  if (typesElsewhere) typesFrom = typesPackageOf(name);

  return {
    name,
    latestVersion: oneLine(latestVersion, 100),
    lastReleaseAt,
    daysSinceLastRelease,
    typeDefinitions: typesFrom !== null,
    typesFrom,
    deprecated,
    repositoryUrl: repositoryUrlOf(manifest.repository) ?? repositoryUrlOf(document.repository),
    weeklyDownloads,
  };
}
