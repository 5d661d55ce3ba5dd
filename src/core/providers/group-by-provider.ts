import { z } from 'zod';
import type { IndexedListing } from '../catalogue/catalogue-index.ts';
import { enumParam } from '../params.ts';
import { providerOf } from './provider-of.ts';

/**
 * Results as served: a provider's products that answer together are one entry, its best-placed
 * product at that product's rank, naming the others ("also from Twilio: 3 more"). Lookup,
 * discover and category listings group through this one function, on every surface;
 * `group=none` gives the flat list.
 */

export const GROUPINGS = ['provider', 'none'] as const;
export type Grouping = (typeof GROUPINGS)[number];

export const groupParam = enumParam('group', GROUPINGS)
  .default('provider')
  .describe('provider (the default): a provider\'s products are one entry, its best-placed product, with the others named in `also`; none: every listing on its own (the flat list).');

/** How many of a family's other products an entry names; `count` says how many there are. */
export const ALSO_NAMED = 10;

export const alsoFromSchema = z
  .object({
    provider: z.object({ id: z.string(), name: z.string() }).describe('The provider; GET /api/providers/{id} lists all its products.'),
    count: z.number().int().min(1).describe('How many more of its products are in these results (after the filters), besides this entry.'),
    items: z.array(z.object({ slug: z.string(), name: z.string() })).describe(`The first ${ALSO_NAMED} of them, best placed first.`),
  })
  .meta({ id: 'AlsoFrom' });
export type AlsoFrom = z.infer<typeof alsoFromSchema>;

/** One entry as served: the family's best-placed member and the rest, in the order given. */
export interface Family<T> {
  lead: T;
  others: T[];
}

/**
 * The items, best first, as families in the order of their best-placed members. Items of a
 * listing without a provider are families of one.
 */
export function groupByProvider<T>(ranked: Iterable<T>, familyOf: (item: T) => string): Family<T>[] {
  const byKey = new Map<string, Family<T>>();
  const families: Family<T>[] = [];
  for (const item of ranked) {
    const key = familyOf(item);
    const family = byKey.get(key);
    if (family) family.others.push(item);
    else {
      const created: Family<T> = { lead: item, others: [] };
      byKey.set(key, created);
      families.push(created);
    }
  }
  return families;
}

/** The flat list as families of one, so both views are served by one path. */
export const ungrouped = <T>(ranked: Iterable<T>): Family<T>[] => Array.from(ranked, (lead) => ({ lead, others: [] }));

/** The families of the view asked for. */
export const familiesOf = <T>(grouping: Grouping, ranked: Iterable<T>, entryOf: (item: T) => IndexedListing): Family<T>[] =>
  grouping === 'none' ? ungrouped(ranked) : groupByProvider(ranked, (item) => entryOf(item).family);

/** What an entry says of its family's other products; undefined when it has none among the results. */
export function alsoFromOf<T>(family: Family<T>, entryOf: (item: T) => IndexedListing): AlsoFrom | undefined {
  if (family.others.length === 0) return undefined;
  const provider = providerOf(entryOf(family.lead).listing);
  if (!provider) return undefined;
  return {
    provider: { id: provider.id, name: provider.name },
    count: family.others.length,
    items: family.others.slice(0, ALSO_NAMED).map((item) => {
      const { slug, listing } = entryOf(item);
      return { slug, name: listing.name };
    }),
  };
}

/** "also from Twilio: Twilio Chat, Twilio Video and 2 more" — the one wording pages and text share. */
export function alsoFromText(also: AlsoFrom, named = 3): string {
  const names = also.items.slice(0, named).map((item) => item.name);
  const rest = also.count - names.length;
  return `also from ${also.provider.name}: ${names.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}`;
}
