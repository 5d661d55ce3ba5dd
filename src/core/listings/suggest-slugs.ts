import type { CatalogueIndex, IndexedListing } from '../catalogue/catalogue-index.ts';
import type { SlugMove } from '../catalogue/slug-redirects.ts';
import { AppError } from '../errors.ts';
import { lookupWords } from '../ranking/match-text.ts';
import { slugify } from '../ranking/text.ts';

/**
 * How much of an unknown slug is read for suggestions: slugs are at most 80 characters, so a
 * longer one is no near spelling of any, and its first words say enough. Bounds the cost of
 * an unknown slug whatever its length (issue 28).
 */
const MAX_SLUG_READ = 96;
const MAX_SLUG_WORDS = 4;

/**
 * Close matches for a slug that names no listing: near spellings of the slug itself, then
 * listings whose text matches its words. Offered as suggestions; never served in its place.
 */
export function suggestSlugs(catalogue: CatalogueIndex, wanted: string, limit = 3): string[] {
  const whole = slugify(wanted);
  if (!whole) return [];
  if (catalogue.get(whole)) return [whole];
  const target = whole.slice(0, MAX_SLUG_READ).replace(/-+$/, '');
  const tolerance = Math.max(2, Math.floor(target.length * 0.3));
  const nearSpellings = catalogue.slugsNear(target, tolerance).map((near) => near.text);
  // Listings with every telling word of the slug, when most of the slug is telling words:
  // "no-such-listing" is not a near miss of every listing that mentions listings.
  const words = target.split('-').slice(0, MAX_SLUG_WORDS);
  const telling = lookupWords(words.join(' '));
  const wordMatches =
    telling.length * 2 >= words.length
      ? catalogue
          .searchText(telling.join(' '), { combineWith: 'AND' })
          .sort((a, b) => b.score - a.score || (a.slug < b.slug ? -1 : 1))
          .map((match) => match.slug)
      : [];
  return [...new Set([...nearSpellings, ...wordMatches])].slice(0, limit);
}

/**
 * What to tell a caller about a slug that names no listing: close matches, or how to find the
 * slug. Worded for every surface (HTTP, MCP, CLI), since each passes the message on.
 */
export function unknownSlugHint(catalogue: CatalogueIndex, slug: string): { suggestions: string[]; hint: string } {
  const suggestions = suggestSlugs(catalogue, slug);
  const hint = suggestions.length
    ? `did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?`
    : 'look the listing up by text (GET /api/apis?q=…, the search_apis tool or `apidex search`) to find its slug';
  return { suggestions, hint };
}

/** The not_found error for a slug that names no listing, with close matches; `in` says where the slug came from. */
/** The listing with this exact slug, or the 404 naming close matches; another listing is never served in its place. */
export async function listingEntryOr404(catalogue: CatalogueIndex, slug: string, where: { field: string; in: 'path' | 'query' } = { field: 'slug', in: 'path' }): Promise<IndexedListing> {
  const entry = catalogue.get(slug);
  if (!entry) throw await listingNotFound(catalogue, slug, where);
  return entry;
}

/** The error for a slug that names no listing: where it moved (listingMoved), or close matches. */
export async function listingNotFound(catalogue: CatalogueIndex, slug: string, where: { field: string; in: 'path' | 'query' }): Promise<AppError> {
  const moved = await catalogue.movedSlug(slug);
  if (moved) return listingMoved(moved, where);
  const { suggestions, hint } = unknownSlugHint(catalogue, slug);
  return new AppError('not_found', `No listing has the slug "${slug}"; ${hint}${hint.endsWith('?') ? '' : '.'}`, {
    fields: [{ field: where.field, in: where.in, message: `no listing has the slug "${slug}"` }],
    extensions: { suggestions },
  });
}

/**
 * The not_found error for a slug the catalogue moved: it names the new slug (or a split's
 * slugs) in `movedTo`, which HTTP answers as 301 (or 300 for a split) and MCP and the CLI
 * print. The listing is not served under the old slug: the caller asks for the new one.
 */
export function listingMoved(moved: SlugMove, where: { field: string; in: 'path' | 'query' }): AppError {
  const quoted = moved.to.map((s) => `"${s}"`).join(', ');
  const message =
    moved.to.length === 1
      ? `The listing "${moved.from}" moved to "${moved.to[0]}" (${moved.reason}); ask for "${moved.to[0]}".`
      : `The listing "${moved.from}" was split into ${quoted} (${moved.reason}); ask for one of them.`;
  return new AppError('not_found', message, {
    fields: [{ field: where.field, in: where.in, message: `"${moved.from}" moved to ${quoted}` }],
    extensions: { suggestions: moved.to, movedFrom: moved.from, movedTo: moved.to, movedReason: moved.reason },
  });
}
