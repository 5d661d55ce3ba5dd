import type { CoreContext } from '../context.ts';
import { listingSchema, type Listing } from '../listings/listing.ts';
import { describeFieldProblems, toFieldProblems } from '../validation-messages.ts';
import { findDuplicateListing, hostKeyOf, nameKeyOf, type DuplicateMatch } from './find-duplicate-listing.ts';
import { mergeListing, sameListing, type MergePreference } from './merge-listing.ts';

export type ImportOutcome = 'created' | 'updated' | 'skipped' | 'failed';

export interface ImportReportItem {
  slug: string;
  outcome: ImportOutcome;
  /** Why an item was skipped or failed, what it was merged into; "unchanged" when the store already holds the same listing. */
  reason?: string;
  /** For "updated": the fields the import changed (criteria and quality inputs by key, e.g. "cliCriteria.envVarAuth"). */
  changed?: string[];
  /** The listing this one duplicates (merged into it: same-api; or only reported: same name, other host). */
  duplicateOf?: { slug: string; kind: DuplicateMatch['kind'] };
}

export interface ImportProgress {
  saved: number;
  total: number;
}

/**
 * A listing from an importer, with where its slug comes from (src/ingest/source-items.ts):
 * `source` slugs are the item's identity; `derived` ones were made from its name, and the
 * import may give it one of `alternativeSlugs` (then numbered ones) when the slug belongs to
 * another API, or merge it into the listing of the same API.
 */
export interface ImportCandidate {
  listing: Listing;
  slugFrom: 'source' | 'derived';
  alternativeSlugs?: readonly string[];
  /** How reports name the item for other items ("item #3"). */
  label?: string;
}

/** Listings per transaction: large enough to be fast, small enough that a 100k import never builds one giant transaction. */
export const IMPORT_CHUNK_SIZE = 500;

type ImportInput = { listings: readonly Listing[] } | { candidates: readonly ImportCandidate[]; dryRun?: boolean };

/**
 * Saves listings from an importer and brings the in-memory catalogue up to date, reporting
 * each input item, in input order, as created, updated, skipped (unchanged, or nothing new
 * for a listing of the same API) or failed.
 *
 * `listings`: saved as they are (distinct slugs; importers drop duplicates, reporting them).
 * `candidates`: each is first matched against the store and the earlier candidates (ADR 16):
 * its own listing again is updated with what the source gives, keeping what the source leaves
 * out; the same API under another slug (findDuplicateListing: same name, same host) is merged
 * into that listing, filling only what it lacks; a same-named API at another host is imported
 * under its own slug and reported. With `dryRun` the report is computed and nothing is saved.
 * An item whose merged listing would not be valid fails alone, and nothing of it is saved.
 *
 * Each chunk is its own transaction. If the store fails part-way, the chunks before stay
 * saved and the error propagates: a store failure is an environment problem, not a bad item,
 * and running the import again is safe (what was saved comes back "unchanged").
 */
export async function importListings({
  ctx,
  input,
  onProgress,
  chunkSize = IMPORT_CHUNK_SIZE,
}: {
  ctx: CoreContext;
  input: ImportInput;
  /** Called after each saved chunk. */
  onProgress?: (progress: ImportProgress) => void;
  chunkSize?: number;
}): Promise<ImportReportItem[]> {
  if ('listings' in input) {
    const results = await saveInChunks(ctx, input.listings, chunkSize, onProgress);
    return results.map(({ slug, outcome }) => (outcome === 'unchanged' ? { slug, outcome: 'skipped', reason: 'unchanged' } : { slug, outcome }));
  }
  const plan = planImport(ctx, input.candidates);
  if (input.dryRun) {
    onProgress?.({ saved: plan.toSave.length, total: plan.toSave.length });
    return plan.report;
  }
  await saveInChunks(ctx, plan.toSave, chunkSize, onProgress);
  return plan.report;
}

async function saveInChunks(ctx: CoreContext, listings: readonly Listing[], chunkSize: number, onProgress?: (progress: ImportProgress) => void) {
  const results = [];
  const total = listings.length;
  try {
    for (let start = 0; start < total; start += chunkSize) {
      results.push(...(await ctx.store.saveListings(listings.slice(start, start + chunkSize), { cause: 'import' })));
      onProgress?.({ saved: Math.min(start + chunkSize, total), total });
    }
  } catch (error) {
    // Whatever was saved is served, even when a later chunk failed; the store's error is the one to report.
    await ctx.catalogue.refresh().catch(() => {});
    throw error;
  }
  await ctx.catalogue.refresh();
  return results;
}

/** "name" → "name-2", kept within the 80 characters of a slug. */
const numbered = (slug: string, n: number) => `${slug.slice(0, 79 - String(n).length).replace(/-+$/, '')}-${n}`;

interface Planned {
  listing: Listing;
  /** The candidate that first wrote this slug in the batch. */
  by: number;
}

/** Decides, without saving, what each candidate does; `toSave` holds every listing that changes, once. */
export function planImport(ctx: Pick<CoreContext, 'catalogue'>, candidates: readonly ImportCandidate[]): { report: ImportReportItem[]; toSave: Listing[] } {
  const { catalogue } = ctx;
  const planned = new Map<string, Planned>();
  // Listings created in this batch, by name key, so later candidates find them as the catalogue finds stored ones.
  const createdByKey = new Map<string, string[]>();
  const current = (slug: string) => planned.get(slug)?.listing ?? catalogue.get(slug)?.listing;
  const labelOf = (index: number) => candidates[index]?.label ?? `item ${index}`;

  const sameApi = (a: Listing, b: Listing) => {
    if (nameKeyOf(a.name) !== nameKeyOf(b.name)) return false;
    const hostA = hostKeyOf(a.url);
    const hostB = hostKeyOf(b.url);
    return hostA === null || hostB === null || hostA === hostB;
  };

  /** The same API among the listings this batch created (other than `except`), then the same name at another host. */
  const batchDuplicate = (listing: Listing, except: ReadonlySet<string>): DuplicateMatch | null => {
    let other: DuplicateMatch | null = null;
    for (const slug of createdByKey.get(nameKeyOf(listing.name)) ?? []) {
      if (except.has(slug)) continue;
      const found = planned.get(slug)!;
      const where = hostKeyOf(found.listing.url);
      if (sameApi(found.listing, listing)) return { slug, kind: 'same-api', reason: `"${listing.name}" is the same API as ${labelOf(found.by)} (${slug}${where ? ` at ${where}` : ''})` };
      other ??= { slug, kind: 'same-name-other-host', reason: `"${listing.name}" has the name of ${labelOf(found.by)} (${slug}) but another host (${hostKeyOf(listing.url)} vs ${where})` };
    }
    return other;
  };

  /** The listing (stored or created in this batch) that `listing` duplicates; `except` is the slug it is imported as, when known. */
  const duplicateOf = (listing: Listing, except: ReadonlySet<string>): DuplicateMatch | null => {
    const [only] = except.size === 1 ? [...except] : [];
    const stored = findDuplicateListing(catalogue, { name: listing.name, url: listing.url ?? null, ...(only ? { slug: only } : {}) });
    const usable = stored && !except.has(stored.slug) ? stored : null;
    const batch = batchDuplicate(listing, except);
    if (usable?.kind === 'same-api') return usable;
    if (batch?.kind === 'same-api') return batch;
    return usable ?? batch;
  };

  const report: ImportReportItem[] = [];
  candidates.forEach((candidate, index) => {
    report.push(decide(candidate, index));
  });

  function create(listing: Listing, index: number, reason?: string, duplicate?: DuplicateMatch | null): ImportReportItem {
    planned.set(listing.slug, { listing, by: index });
    const key = nameKeyOf(listing.name);
    createdByKey.set(key, [...(createdByKey.get(key) ?? []), listing.slug]);
    return {
      slug: listing.slug,
      outcome: 'created',
      ...(reason ? { reason } : {}),
      ...(duplicate ? { duplicateOf: { slug: duplicate.slug, kind: duplicate.kind } } : {}),
    };
  }

  /** Merges into the listing at `target`: "updated" when that changes it, "skipped" when it adds nothing. */
  function merge(incoming: Listing, target: string, prefer: MergePreference, index: number, why: { reason?: string; duplicate?: DuplicateMatch }): ImportReportItem {
    const base = current(target)!;
    const { listing, changed } = mergeListing(base, { ...incoming, slug: target }, prefer);
    const duplicateOf = why.duplicate ? { duplicateOf: { slug: why.duplicate.slug, kind: why.duplicate.kind } } : {};
    const checked = listingSchema.safeParse(listing);
    if (!checked.success) {
      const problems = toFieldProblems(checked.error);
      return { slug: target, outcome: 'failed', reason: `${why.reason ? `${why.reason}; ` : ''}merging it into ${target} would make it invalid: ${describeFieldProblems(problems)}`, ...duplicateOf };
    }
    // Marked as this batch's even when unchanged, so later items of the same API merge into it rather than replace it.
    const previous = planned.get(target);
    planned.set(target, { listing: checked.data, by: previous?.by ?? index });
    if (sameListing(checked.data, base)) {
      return { slug: target, outcome: 'skipped', reason: why.reason ? `${why.reason}; nothing new to add` : 'unchanged', ...duplicateOf };
    }
    // Merged into a listing this batch creates: that listing is still reported "created" by its own item.
    return { slug: target, outcome: 'updated', ...(why.reason ? { reason: `${why.reason}; filled ${changed.join(', ')}` } : {}), changed, ...duplicateOf };
  }

  function decide(candidate: ImportCandidate, index: number): ImportReportItem {
    const { listing } = candidate;
    if (candidate.slugFrom === 'source') {
      const earlier = planned.get(listing.slug);
      if (earlier && earlier.by !== index) {
        return { slug: listing.slug, outcome: 'skipped', reason: `duplicate slug "${listing.slug}": ${labelOf(earlier.by)} has it and is kept; give this one another slug or remove it` };
      }
      if (catalogue.get(listing.slug)) return merge(listing, listing.slug, 'incoming', index, {});
      const duplicate = duplicateOf(listing, new Set([listing.slug]));
      // The source names its slug, so the listing is kept as its own; a likely duplicate is said, never merged silently.
      const reason = duplicate ? `${duplicate.kind === 'same-api' ? 'possibly a duplicate' : 'a namesake'}: ${duplicate.reason}; kept as its own listing because the source names its slug` : undefined;
      return create(listing, index, reason, duplicate);
    }

    // A derived slug: first the slugs this importer gives the item (its own listing again), then the same API elsewhere.
    const natural = listing.slug;
    const own = [natural, ...(candidate.alternativeSlugs ?? [])];
    for (let n = 2; n < 1000 && current(numbered(natural, n)); n += 1) own.push(numbered(natural, n));
    for (const slug of own) {
      const found = current(slug);
      if (!found || !sameApi(found, listing)) continue;
      const earlier = planned.get(slug);
      if (earlier && earlier.by !== index) {
        const duplicate: DuplicateMatch = { slug, kind: 'same-api', reason: `same API as ${labelOf(earlier.by)} (${slug})` };
        return merge(listing, slug, 'existing', index, { reason: `merged into ${slug}: ${duplicate.reason}`, duplicate });
      }
      return merge(listing, slug, 'incoming', index, {});
    }
    // Own slugs that were the same API were taken above; one held by another API is a namesake to report.
    const duplicate = duplicateOf(listing, new Set());
    if (duplicate?.kind === 'same-api') {
      return merge(listing, duplicate.slug, 'existing', index, { reason: `merged into ${duplicate.slug}: ${duplicate.reason}`, duplicate });
    }
    let slug = own.find((candidateSlug) => !current(candidateSlug));
    for (let n = 2; !slug; n += 1) if (!current(numbered(natural, n))) slug = numbered(natural, n);
    const taken = slug !== natural ? `the slug ${natural} belongs to another API (${current(natural)!.name}${hostKeyOf(current(natural)!.url) ? ` at ${hostKeyOf(current(natural)!.url)}` : ''}), so it is ${slug}` : undefined;
    const namesake = duplicate ? `${duplicate.reason}; imported under its own slug` : undefined;
    const reason = [taken, namesake].filter(Boolean).join('; ');
    return create({ ...listing, slug }, index, reason || undefined, duplicate);
  }

  // Every changed listing once, in the order its first item came.
  const toSave = [...planned.values()]
    .filter(({ listing }) => {
      const stored = catalogue.get(listing.slug)?.listing;
      return !stored || !sameListing(stored, listing);
    })
    .sort((a, b) => a.by - b.by)
    .map(({ listing }) => listing);
  return { report, toSave };
}
