import { distance } from 'fastest-levenshtein';
import type { CatalogueIndex } from '../catalogue/catalogue-index.ts';
import { slugify } from '../search/text.ts';

/**
 * Close matches for a slug that names no listing: near spellings of the slug itself, then
 * listings whose text matches its words. Offered as suggestions; never served in its place.
 */
export function suggestSlugs(catalogue: CatalogueIndex, wanted: string, limit = 3): string[] {
  const target = slugify(wanted);
  if (!target) return [];
  const tolerance = Math.max(2, Math.floor(target.length * 0.3));
  if (catalogue.get(target)) return [target];
  const nearSpellings = catalogue
    .ordered()
    .map((entry) => ({ slug: entry.slug, edits: distance(target, entry.slug) }))
    .filter((candidate) => candidate.edits <= tolerance)
    .sort((a, b) => a.edits - b.edits || (a.slug < b.slug ? -1 : 1))
    .map((candidate) => candidate.slug);
  const wordMatches = catalogue.searchText(target.replaceAll('-', ' '), { combineWith: 'OR' }).map((match) => match.slug);
  return [...new Set([...nearSpellings, ...wordMatches])].slice(0, limit);
}
