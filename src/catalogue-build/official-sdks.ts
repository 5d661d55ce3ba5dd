import { z } from 'zod';
import type { CriterionResult, PackageInfo, QualityInputs, SourceRecord } from '../core/listings/listing.ts';
import { fragmentOf } from '../core/assessment/openapi-view.ts';
import { hostKeyOf } from '../core/catalogue/find-duplicate-listing.ts';
import { ownTypes, repositoryUrlOf } from '../enrich/npm/read-npm-package.ts';
import { NPM_PACKAGE_NAME_RULE, isNpmPackageName } from '../core/listings/snippet-quoting.ts';

/**
 * Official SDKs from evidence that names the package (issue 13, ADR 18): a short mapping kept in
 * catalog-sources/official-sdks.yaml names the package of a best-known provider, and the
 * registry's own package document, recorded in catalog-sources/npm-registry/, must confirm it:
 * its repository is under one of the provider's GitHub organisations, or its homepage is on one
 * of the provider's domains. Confirmed, officialSdk passes with a pointer to the field that proved
 * it; the install line, package facts and the quality inputs the document gives come with it.
 */

export const officialSdkMappingSchema = z.array(
  z.strictObject({
    package: z.string().min(1),
    documents: z.array(z.string().min(1)).min(1),
    organisations: z.array(z.string().min(1)).default([]),
    domains: z.array(z.string().min(1)).default([]),
  }),
);
export type OfficialSdkMapping = z.infer<typeof officialSdkMappingSchema>;
export type OfficialSdkEntry = OfficialSdkMapping[number];

/** "@scope/name" → "@scope__name.json". */
export const recordedPackageFileName = (name: string) => `${name.replace('/', '__')}.json`;

/**
 * A registry package document as the registry serves it, cut to the latest version: the same
 * paths as the full document, so evidence pointers ("#/versions/23.1.0/repository") resolve in
 * either, plus where and when it was read.
 */
export interface RecordedPackage {
  name: string;
  'dist-tags': { latest?: string };
  time: Record<string, string>;
  versions: Record<string, Record<string, unknown>>;
  recordedFrom: { url: string; readAt: string };
}

/** The manifest fields the build reads; dependencies, scripts and the like are left out. */
const MANIFEST_FIELDS = ['name', 'version', 'description', 'homepage', 'repository', 'license', 'types', 'typings', 'exports', 'deprecated'];

export function trimRegistryDocument(raw: unknown, recordedFrom: RecordedPackage['recordedFrom']): RecordedPackage {
  const document = raw as { name: string; 'dist-tags'?: { latest?: string }; time?: Record<string, string>; versions?: Record<string, Record<string, unknown>> };
  const latest = document['dist-tags']?.latest;
  const manifest = latest ? document.versions?.[latest] : undefined;
  return {
    name: document.name,
    'dist-tags': latest ? { latest } : {},
    time: latest && document.time?.[latest] ? { [latest]: document.time[latest] } : {},
    versions: latest && manifest ? { [latest]: Object.fromEntries(MANIFEST_FIELDS.filter((field) => field in manifest).map((field) => [field, manifest[field]])) } : {},
    recordedFrom,
  };
}

/** "https://github.com/stripe/stripe-node" → "stripe"; null when not on GitHub. */
export function githubOrganisationOf(url: string | null): string | null {
  const match = url ? /^https:\/\/github\.com\/([^/]+)\//i.exec(url) : null;
  return match ? match[1]!.toLowerCase() : null;
}

export interface ConfirmedSdk {
  officialSdk: CriterionResult;
  install: string;
  package: PackageInfo;
  qualityInputs: QualityInputs;
  source: SourceRecord;
}

export const NPM_SOURCE_ID = 'npm-registry';
const DAY_MS = 86_400_000;

/** The SDK confirmed by its recorded registry document, or the reason it is not. */
export function confirmOfficialSdk(entry: OfficialSdkEntry, recorded: RecordedPackage | undefined): ConfirmedSdk | { reason: string } {
  if (!recorded) return { reason: `no recorded registry document for ${entry.package}` };
  // The name goes into an install line and an import line: one that breaks the rules is no SDK to show.
  if (!isNpmPackageName(recorded.name)) return { reason: `the package name ${JSON.stringify(recorded.name)} ${NPM_PACKAGE_NAME_RULE}` };
  const version = recorded['dist-tags'].latest;
  const manifest = version ? recorded.versions[version] : undefined;
  if (!version || !manifest) return { reason: `${recorded.name}'s recorded registry document has no latest version` };
  const repositoryUrl = repositoryUrlOf(manifest.repository);
  const organisation = githubOrganisationOf(repositoryUrl);
  const homepageHost = typeof manifest.homepage === 'string' ? hostKeyOf(manifest.homepage) : null;
  const at = fragmentOf(['versions', version]);
  let proof: { pointer: string; detail: string } | null = null;
  if (organisation && entry.organisations.some((name) => name.toLowerCase() === organisation)) {
    proof = { pointer: `${at}/repository`, detail: `the registry's package ${recorded.name} ${version} names its repository ${repositoryUrl}, under the provider's organisation "${organisation}"` };
  } else if (homepageHost && entry.domains.some((domain) => homepageHost === domain || homepageHost.endsWith(`.${domain}`))) {
    proof = { pointer: `${at}/homepage`, detail: `the registry's package ${recorded.name} ${version} names its homepage ${String(manifest.homepage)}, on the provider's domain` };
  }
  if (!proof) {
    return { reason: `${recorded.name}'s registry document names neither a repository under ${entry.organisations.join(', ') || 'the provider'} nor a homepage on ${entry.domains.join(', ') || 'its domains'}` };
  }
  const { readAt, url } = recorded.recordedFrom;
  const publishedAt = recorded.time[version];
  const provenance = { source: 'npm registry', refreshedAt: `${readAt}T00:00:00.000Z` };
  const qualityInputs: QualityInputs = { typeDefinitions: { value: ownTypes(manifest) !== null, ...provenance } };
  if (publishedAt) {
    const days = Math.max(0, Math.floor((Date.parse(`${readAt}T00:00:00Z`) - Date.parse(publishedAt)) / DAY_MS));
    qualityInputs.daysSinceLastRelease = { value: days, ...provenance };
  }
  const deprecated = typeof manifest.deprecated === 'string' && manifest.deprecated.trim() ? manifest.deprecated.slice(0, 500) : false;
  const packageInfo: PackageInfo = {
    name: recorded.name,
    registry: 'npm',
    latestVersion: version,
    ...(publishedAt ? { lastReleaseAt: new Date(publishedAt).toISOString() } : {}),
    deprecated,
    ...(repositoryUrl ? { repositoryUrl } : {}),
    ...provenance,
  };
  return {
    officialSdk: { status: 'passed', evidence: `npm:${recorded.name}${proof.pointer}: ${proof.detail} (read ${readAt})`, source: NPM_SOURCE_ID, pointer: proof.pointer },
    install: `npm install ${recorded.name}`,
    package: packageInfo,
    qualityInputs,
    source: {
      id: NPM_SOURCE_ID,
      title: `npm registry package document of ${recorded.name}`,
      version,
      licence: 'npm registry metadata (public package document)',
      url,
      locator: recorded.name,
      asOf: readAt,
    },
  };
}

/** The entry naming a document id ("twilio.com/twilio_chat_v3"), exactly or through "provider/*". */
export function sdkEntryFor(mapping: OfficialSdkMapping, documentId: string): OfficialSdkEntry | undefined {
  const provider = documentId.split('/')[0]!;
  return mapping.find((entry) => entry.documents.some((pattern) => pattern === documentId || (pattern.endsWith('/*') && pattern.slice(0, -2) === provider)));
}
