import type { Listing, PackageInfo, QualityInputs } from '../../core/listings/listing.ts';
import type { NpmPackageReading } from './read-npm-package.ts';

/**
 * A listing with what the npm registry measured put in (docs/adr/0014-npm-enrichment.md):
 *
 * - The registry wins for the inputs it measures (weeklyDownloads, daysSinceLastRelease,
 *   typeDefinitions), whoever set them before: an illustrative value, a curator's hand-set
 *   value (`illustrative: false`) or an earlier reading. Each replaced input is marked
 *   `source: "npm registry"` with `refreshedAt`, and loses `illustrative`.
 * - A value the registry did not give (no publish time, no download count) keeps what the
 *   listing had.
 * - Every other input, and every other field, is left as it was.
 *
 * Pure: the caller decides whether to save, and `changes` says in words what moved.
 */

export const NPM_SOURCE = 'npm registry';

type MeasuredKey = 'weeklyDownloads' | 'daysSinceLastRelease' | 'typeDefinitions';

export interface AppliedReading {
  listing: Listing;
  /** What differs from the listing given, one phrase each, e.g. "weeklyDownloads 77000 (illustrative) → 1520004". */
  changes: string[];
}

function describeMeasured(measured: QualityInputs[MeasuredKey]): string {
  if (!measured) return 'unknown';
  const from = measured.illustrative ? ' (illustrative)' : measured.source && measured.source !== NPM_SOURCE ? ` (${measured.source})` : !measured.source ? ' (set by hand)' : '';
  return `${String(measured.value)}${from}`;
}

const sameMeasured = (a: QualityInputs[MeasuredKey], b: QualityInputs[MeasuredKey]) =>
  a !== undefined && b !== undefined && a.value === b.value && a.source === b.source && (a.illustrative ?? false) === (b.illustrative ?? false);

const PACKAGE_FIELDS = ['latestVersion', 'lastReleaseAt', 'deprecated', 'repositoryUrl', 'source'] as const;

export function applyNpmReading(listing: Listing, reading: NpmPackageReading, refreshedAt: string): AppliedReading {
  const changes: string[] = [];
  const qualityInputs: QualityInputs = { ...listing.qualityInputs };
  const measuredValues: Record<MeasuredKey, number | boolean | null> = {
    weeklyDownloads: reading.weeklyDownloads,
    daysSinceLastRelease: reading.daysSinceLastRelease,
    typeDefinitions: reading.typeDefinitions,
  };
  for (const key of Object.keys(measuredValues) as MeasuredKey[]) {
    const value = measuredValues[key];
    if (value === null) continue;
    const before = listing.qualityInputs[key];
    const after = { value, source: NPM_SOURCE, refreshedAt } as NonNullable<QualityInputs[MeasuredKey]>;
    (qualityInputs as Record<MeasuredKey, unknown>)[key] = after;
    if (!sameMeasured(before, after)) changes.push(`${key} ${describeMeasured(before)} → ${String(value)}`);
  }

  const pkg: PackageInfo = {
    name: reading.name,
    registry: 'npm',
    latestVersion: reading.latestVersion,
    ...(reading.lastReleaseAt !== null ? { lastReleaseAt: reading.lastReleaseAt } : {}),
    deprecated: reading.deprecated,
    ...(reading.repositoryUrl !== null ? { repositoryUrl: reading.repositoryUrl } : {}),
    source: NPM_SOURCE,
    refreshedAt,
  };
  const previous = listing.package;
  if (previous?.name !== pkg.name || previous.registry !== pkg.registry) {
    const facts = [
      `latest ${pkg.latestVersion}`,
      pkg.lastReleaseAt ? `released ${pkg.lastReleaseAt.slice(0, 10)}` : 'release date not shown',
      pkg.deprecated === false ? 'not deprecated' : `deprecated: ${pkg.deprecated}`,
      pkg.repositoryUrl ? `repository ${pkg.repositoryUrl}` : 'repository not shown',
    ];
    changes.push(`package ${pkg.name} recorded (${facts.join(', ')})`);
  } else {
    for (const field of PACKAGE_FIELDS) {
      if (previous[field] !== pkg[field]) changes.push(`package.${field} ${previous[field] === undefined ? 'unknown' : JSON.stringify(previous[field])} → ${pkg[field] === undefined ? 'unknown' : JSON.stringify(pkg[field])}`);
    }
  }

  return { listing: { ...listing, qualityInputs, package: pkg }, changes };
}
