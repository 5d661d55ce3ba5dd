import type { CoreContext } from '../core/context.ts';
import { listingSchema, type Listing } from '../core/listings/listing.ts';
import { listingNotFound } from '../core/listings/suggest-slugs.ts';
import { qualityScore } from '../core/scoring/quality.ts';
import type { StoredListing } from '../core/store.ts';
import { applyNpmReading } from './npm/apply-npm-reading.ts';
import { npmPackageNameOf } from './npm/package-name-of.ts';
import type { NpmPackageReading } from './npm/read-npm-package.ts';
import { githubRepositoryOf, type GithubReading } from './github/read-github-repository.ts';

/**
 * `apidex enrich`: fills in what a package registry measures (docs/adr/0014-npm-enrichment.md).
 * Each listing with an npm package is read from the registry and reported as updated,
 * unchanged, skipped (no npm package) or failed (the registry could not be read, or gave a
 * value the listing schema refuses), with the reason.
 *
 * A failed item is never written: the stored listing stays exactly as it was. Each update
 * is its own transaction, applied to the listing as stored at that moment (so an edit made
 * while the registry was being read is kept), and the catalogue is refreshed at the end.
 * A store failure is an environment problem and propagates (as in importListings).
 */

export type EnrichOutcome = 'updated' | 'unchanged' | 'skipped' | 'failed';

export interface EnrichReportItem {
  slug: string;
  outcome: EnrichOutcome;
  /** The npm package read, when the install instruction names one. */
  package?: string;
  /** Why it was skipped or failed. */
  reason?: string;
  /** What moved, for updated items (and what would, in a dry run). */
  changes?: string[];
  /** The quality score before and after (null: not scored), for updated items. */
  quality?: { before: number | null; after: number | null };
  /** What could not be read besides npm (GitHub), the listing updated without it. */
  warnings?: string[];
}

export interface EnrichProgress {
  done: number;
  total: number;
}

export type ReadPackage = (name: string) => Promise<NpmPackageReading>;
export type ReadRepository = (repository: string) => Promise<GithubReading>;

export const GITHUB_SOURCE = 'GitHub REST API';
/** With resume, a listing read this recently is not read again: a stopped run picks up where it stopped. */
export const RESUME_WINDOW_MS = 24 * 3_600_000;

/** Registry requests in flight at once: polite to the registry, and most of the time is waiting. */
export const ENRICH_CONCURRENCY = 4;
const PAGE = 500;

async function listingsToEnrich(ctx: CoreContext, slug: string | undefined): Promise<StoredListing[]> {
  if (slug !== undefined) {
    const stored = await ctx.store.getListing(slug);
    if (!stored) throw await listingNotFound(ctx.catalogue, slug, { field: 'slug', in: 'query' });
    return [stored];
  }
  const all: StoredListing[] = [];
  let after: string | undefined;
  do {
    const page = await ctx.store.listListings({ limit: PAGE, ...(after !== undefined ? { after } : {}) });
    all.push(...page.items);
    after = page.next ?? undefined;
  } while (after !== undefined);
  return all;
}

function firstProblem(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0]!;
  return `${issue.path.join('.')}: ${issue.message}`;
}

export async function enrichListings({
  ctx,
  input,
  readPackage,
  readRepository,
  now = () => new Date(),
  concurrency = ENRICH_CONCURRENCY,
  onProgress,
}: {
  ctx: CoreContext;
  input: { slug?: string; dryRun?: boolean; source?: 'npm'; resume?: boolean };
  readPackage: ReadPackage;
  /** GitHub's reading of the SDK repository (stars, issue close ratio); left out without a token. */
  readRepository?: ReadRepository;
  now?: () => Date;
  concurrency?: number;
  onProgress?: (progress: EnrichProgress) => void;
}): Promise<EnrichReportItem[]> {
  const listings = await listingsToEnrich(ctx, input.slug);
  const report: EnrichReportItem[] = new Array(listings.length);
  // Listings sharing a package read it once.
  const readings = new Map<string, Promise<NpmPackageReading>>();
  const read = (name: string) => {
    let reading = readings.get(name);
    if (!reading) readings.set(name, (reading = readPackage(name)));
    return reading;
  };
  const repositories = new Map<string, Promise<GithubReading>>();
  const readRepo = (repository: string) => {
    let reading = repositories.get(repository);
    if (!reading) repositories.set(repository, (reading = readRepository!(repository)));
    return reading;
  };
  const fresh = (refreshedAt: string | undefined) => refreshedAt !== undefined && now().getTime() - Date.parse(refreshedAt) < RESUME_WINDOW_MS;
  let saved = 0;
  let done = 0;

  async function enrichOne(stored: StoredListing): Promise<EnrichReportItem> {
    const { slug } = stored.listing;
    const found = npmPackageNameOf(stored.listing.install);
    if (found.name === undefined) return { slug, outcome: 'skipped', reason: `no npm package: ${found.reason}` };
    const name = found.name;
    if (input.resume && fresh(stored.listing.package?.refreshedAt) && (!readRepository || !githubRepositoryOf(stored.listing.package?.repositoryUrl) || fresh(stored.listing.qualityInputs.stars?.refreshedAt))) {
      return { slug, package: name, outcome: 'skipped', reason: `read ${stored.listing.package!.refreshedAt!.slice(0, 16).replace('T', ' ')}, within the last 24 hours (--resume)` };
    }
    let reading: NpmPackageReading;
    try {
      reading = await read(name);
    } catch (error) {
      return { slug, package: name, outcome: 'failed', reason: `${(error as Error).message}; the listing is left as it was` };
    }
    // Apply to the listing as stored now, not as read before the registry answered.
    const current = await ctx.store.getListing(slug);
    if (!current) return { slug, package: name, outcome: 'skipped', reason: 'the listing was removed while the registry was read' };
    if (npmPackageNameOf(current.listing.install).name !== name) {
      return { slug, package: name, outcome: 'skipped', reason: 'the install instruction changed while the registry was read; run enrich again' };
    }
    const applied = applyNpmReading(current.listing, reading, now().toISOString());
    const warnings: string[] = [];
    const repository = githubRepositoryOf(reading.repositoryUrl);
    if (readRepository && repository) {
      try {
        const github = await readRepo(repository);
        const refreshedAt = now().toISOString();
        const inputs = { ...applied.listing.qualityInputs };
        const before = current.listing.qualityInputs;
        inputs.stars = { value: github.stars, source: GITHUB_SOURCE, refreshedAt };
        if (before.stars?.value !== github.stars || before.stars?.source !== GITHUB_SOURCE) applied.changes.push(`stars ${before.stars ? String(before.stars.value) : 'unknown'} → ${github.stars} (${repository})`);
        if (github.issueCloseRatio !== null) {
          inputs.issueCloseRatio = { value: github.issueCloseRatio, source: GITHUB_SOURCE, refreshedAt };
          if (before.issueCloseRatio?.value !== github.issueCloseRatio || before.issueCloseRatio?.source !== GITHUB_SOURCE) {
            applied.changes.push(`issueCloseRatio ${before.issueCloseRatio ? String(before.issueCloseRatio.value) : 'unknown'} → ${github.issueCloseRatio} (${github.closedIssues} closed of ${github.closedIssues + github.openIssues} issues)`);
          }
        }
        applied.listing = { ...applied.listing, qualityInputs: inputs };
      } catch (error) {
        warnings.push(`GitHub not read: ${(error as Error).message}`);
      }
    }
    if (applied.changes.length === 0) return { slug, package: name, outcome: 'unchanged', ...(warnings.length ? { warnings } : {}) };
    const checked = listingSchema.safeParse(applied.listing);
    if (!checked.success) return { slug, package: name, outcome: 'failed', reason: `the registry gave a value the listing schema refuses (${firstProblem(checked.error)}); the listing is left as it was` };
    const candidate: Listing = checked.data;
    if (!input.dryRun) {
      await ctx.store.saveListings([candidate], { cause: 'enrich' });
      saved += 1;
    }
    return {
      slug,
      package: name,
      outcome: 'updated',
      changes: applied.changes,
      quality: { before: qualityScore(current.listing.qualityInputs), after: qualityScore(candidate.qualityInputs) },
      ...(warnings.length ? { warnings } : {}),
    };
  }

  let next = 0;
  let stopped = false;
  async function worker() {
    while (!stopped && next < listings.length) {
      const index = next++;
      try {
        report[index] = await enrichOne(listings[index]!);
      } catch (error) {
        stopped = true; // a store failure: no worker starts another item
        throw error;
      }
      done += 1;
      onProgress?.({ done, total: listings.length });
    }
  }
  const results = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(concurrency, listings.length)) }, worker));
  // What was saved is served, even when the store failed part-way.
  if (saved > 0) await ctx.catalogue.refresh().catch(() => {});
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return report;
}
