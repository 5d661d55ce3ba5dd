import { AnswerCache } from '../catalogue/answer-cache.ts';
import type { CoreContext } from '../context.ts';
import { findAlternatives } from '../search/find-alternatives.ts';
import type { ListingDetail } from './listing-detail.ts';
import { alternativesFaqEntry, type FaqEntry } from './listing-faq.ts';

/**
 * A listing's full FAQ: the answers built from the listing alone plus "What are the
 * alternatives to X?", which needs the whole catalogue. Ranking alternatives runs one need
 * search per capability, so each answer is kept per catalogue generation.
 */

/** How many alternatives the answer names. */
export const FAQ_ALTERNATIVES = 3;

export interface ListingFaq {
  slug: string;
  faq: FaqEntry[];
  /** The alternatives the answer names, for surfaces that link them. */
  alternatives: { slug: string; name: string }[];
}

const answers = new AnswerCache<ListingFaq>(2000);

export async function completeListingFaq(ctx: CoreContext, detail: Pick<ListingDetail, 'slug' | 'name' | 'description' | 'capabilities' | 'faq'>): Promise<ListingFaq> {
  return answers.get(ctx.catalogue, detail.slug, async () => {
    const { items } = await findAlternatives({ ctx, input: { slug: detail.slug, limit: FAQ_ALTERNATIVES } });
    const entry = alternativesFaqEntry(
      detail,
      items.map((item) => ({ name: item.name, slug: item.slug, serves: item.sharedCapabilities.map((shared) => shared.capability) })),
    );
    const generated = detail.faq.filter((f) => f.generated);
    const curated = detail.faq.filter((f) => !f.generated);
    return { slug: detail.slug, faq: [...generated, entry, ...curated], alternatives: items.map((item) => ({ slug: item.slug, name: item.name })) };
  });
}
