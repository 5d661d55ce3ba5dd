import { z } from 'zod';

/** The input of every operation on one listing: its exact slug. A module of its own, so the operations can share it without importing one another. */
export const slugInputSchema = z.object({
  slug: z.string({ error: 'slug must be text' }).trim().min(1, { error: 'slug must not be empty' }).max(200, { error: 'slug must be at most 200 characters' }).describe('The listing\'s exact slug, e.g. "country-reference-data-service".'),
});
export type SlugInput = z.input<typeof slugInputSchema>;
