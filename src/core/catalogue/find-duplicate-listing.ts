import { isStopWord } from '../ranking/analyze-text.ts';
import { tokenize } from '../ranking/text.ts';
import type { CatalogueIndex } from './catalogue-index.ts';

/**
 * The same API arriving from two sources (a public list and an OpenAPI document, a
 * submission of something already listed) is recognised by its name and the host of its url,
 * so it is merged or reported, never silently listed twice.
 */

/** A name without case, accents, punctuation or words any API could use of itself: "The Cat API" → "cat". */
export function nameKeyOf(name: string): string {
  const words = tokenize(name);
  const telling = words.filter((word) => !isStopWord(word));
  return (telling.length > 0 ? telling : words).join(' ');
}

/** The host of a url without "www.", or null when there is no usable url. */
export function hostKeyOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

export interface DuplicateMatch {
  slug: string;
  /**
   * same-api: the same name, and the same host or no host to tell them apart (merge).
   * same-name-other-host: the same name at another host (report; it may be another API).
   */
  kind: 'same-api' | 'same-name-other-host';
  reason: string;
}

/** An existing listing (other than `slug` itself) that the candidate duplicates, if any; same-api matches first. */
export function findDuplicateListing(catalogue: CatalogueIndex, candidate: { name: string; url?: string | null; slug?: string }): DuplicateMatch | null {
  const key = nameKeyOf(candidate.name);
  if (!key) return null;
  const host = hostKeyOf(candidate.url);
  let sameNameOtherHost: DuplicateMatch | null = null;
  for (const slug of catalogue.slugsWithNameKey(key)) {
    if (slug === candidate.slug) continue;
    const other = catalogue.get(slug)!;
    const otherHost = hostKeyOf(other.listing.url);
    if (host === null || otherHost === null || host === otherHost) {
      const where = host && otherHost ? ` at ${host}` : '';
      return { slug, kind: 'same-api', reason: `"${candidate.name}" is listed as ${slug} ("${other.listing.name}"${where})` };
    }
    sameNameOtherHost ??= {
      slug,
      kind: 'same-name-other-host',
      reason: `"${candidate.name}" has the name of ${slug} ("${other.listing.name}") but another host (${host} vs ${otherHost})`,
    };
  }
  return sameNameOtherHost;
}
