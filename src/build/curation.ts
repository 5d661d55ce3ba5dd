import { z } from 'zod';
import { isPlacement } from '../core/taxonomy/taxonomy.ts';

/**
 * catalog-sources/curation.yaml: corrections of names and placements, never of criteria.
 * A `document` entry corrects one APIs.guru document; a `provider` entry gives the brand its
 * services are named with ("Account API" of nexmo.com → "Vonage Account API") and the placement
 * of its documents that carry no category of their own.
 */

const placementRefinement = <T extends { category?: string | undefined; subcategory?: string | undefined }>(entry: T) =>
  entry.category === undefined || (entry.subcategory !== undefined && isPlacement(entry.category, entry.subcategory));
const placementError = { error: 'category and subcategory must name a placement of the taxonomy (src/core/taxonomy/taxonomy.ts), both together' };

export const documentCurationSchema = z
  .strictObject({
    document: z.string().min(1),
    name: z.string().min(1).max(120).optional(),
    description: z.string().min(1).max(300).optional(),
    category: z.string().min(1).optional(),
    subcategory: z.string().min(1).optional(),
  })
  .refine(placementRefinement, placementError);

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
  })
  .refine(placementRefinement, placementError);

export const curationSchema = z.array(z.union([documentCurationSchema, providerCurationSchema])).default([]);
export type Curation = z.infer<typeof curationSchema>;
export type DocumentCuration = z.infer<typeof documentCurationSchema>;
export type ProviderCuration = z.infer<typeof providerCurationSchema>;

export const documentCurationOf = (curation: Curation, id: string) => curation.find((entry): entry is DocumentCuration => 'document' in entry && entry.document === id);
export const providerCurationOf = (curation: Curation, provider: string) => curation.find((entry): entry is ProviderCuration => 'provider' in entry && entry.provider === provider);
