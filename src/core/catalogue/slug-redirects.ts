import { z } from 'zod';
import { slugSchema } from '../listings/listing.ts';

/**
 * Slugs that no longer name a listing, and where the listing went: a merge or rename moves a
 * slug to one new slug, a split to several. The catalogue keeps the map as a file anyone can
 * read (catalog/_redirects.yaml), so saved links and an agent's remembered slugs keep working.
 */

/** The file in a catalogue folder that holds the map, beside the listings. */
export const REDIRECTS_FILE = '_redirects.yaml';

// Not strict: the build may record more about a move (when, which sources) than is served.
export const slugRedirectSchema = z.object({
  from: slugSchema.describe('The old slug.'),
  to: z.array(slugSchema).min(1, { error: 'to must name at least one new slug' }).max(20, { error: 'to must name at most 20 slugs' }).describe('The new slug, or the slugs a split made.'),
  reason: z.string().trim().min(1, { error: 'reason must not be empty' }).max(300, { error: 'reason must be at most 300 characters' }).describe('Why the slug moved, e.g. "merged with libretranslate".'),
});
export type SlugRedirect = z.infer<typeof slugRedirectSchema>;

export const redirectsFileSchema = z.object({ redirects: z.array(slugRedirectSchema).max(100_000) });

/** Where an old slug went: the new slugs that name listings now, and why it moved. */
export interface SlugMove {
  from: string;
  to: string[];
  reason: string;
}

/** The map of old slugs, resolved through chains (a → b → c) against the listings held now. */
export class SlugRedirects {
  private readonly byFrom = new Map<string, SlugRedirect>();

  constructor(redirects: readonly SlugRedirect[] = []) {
    for (const redirect of redirects) this.byFrom.set(redirect.from, redirect);
  }

  get size(): number {
    return this.byFrom.size;
  }

  /**
   * Where `slug` went, or undefined when it never moved or none of its new slugs names a
   * listing. A live listing is never redirected: `exists` is asked first by the caller.
   */
  resolve(slug: string, exists: (slug: string) => boolean): SlugMove | undefined {
    const first = this.byFrom.get(slug);
    if (!first) return undefined;
    const to = new Set<string>();
    const seen = new Set<string>([slug]);
    const follow = (target: string) => {
      if (seen.has(target)) return;
      seen.add(target);
      if (exists(target)) {
        to.add(target);
        return;
      }
      for (const next of this.byFrom.get(target)?.to ?? []) follow(next);
    };
    for (const target of first.to) follow(target);
    return to.size ? { from: slug, to: [...to], reason: first.reason } : undefined;
  }
}
