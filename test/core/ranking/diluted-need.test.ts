import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importListings } from '../../../src/core/catalogue/import-listings.ts';
import type { CoreContext } from '../../../src/core/context.ts';
import { listingSchema, type ListingInput } from '../../../src/core/listings/listing.ts';
import { rankNeedExplained } from '../../../src/core/ranking/rank-need.ts';
import { openCore } from '../../../src/open-core.ts';

const listing = (slug: string, name: string, description: string, category = 'Transportation', capabilities: string[] = []): ListingInput => ({ slug, name, description, category, capabilities });

describe('a long need whose asides leave every listing below MIN_COVERAGE (ADR 32)', () => {
  let dir: string;
  let ctx: CoreContext;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'apidex-diluted-'));
    ctx = await openCore({ databaseUrl: `file:${join(dir, 'diluted.db')}`, catalogDir: dir }, { loadDefaultCatalogue: false, log: { info: () => {}, warn: () => {} } });
    const listings = [
      ...Array.from({ length: 300 }, (_, i) => listing(`filler-${i}`, `Filler ${i}`, `Weather and currency data about topic ${i % 40}`, 'Data & Information')),
      listing('vessels', 'Vessel Finder', 'Live vessel positions by IMO number', 'Transportation', ['get a vessel position by its IMO number']),
      listing('tables', 'Table Tennis Scores', 'Results of table tennis leagues', 'Sports'),
    ].map((input) => listingSchema.parse(input));
    await importListings({ ctx, input: { listings } });
  });

  afterAll(async () => {
    await ctx.store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('still shows a listing that meets several of its words, marked low', () => {
    const need = "from our supply-chain dashboard's hourly job, get the current position and destination of the container ship carrying our goods, by its IMO number";
    const ranked = rankNeedExplained(ctx.catalogue, need, { limit: 5 });
    expect(ranked.matches[0]?.entry.slug).toBe('vessels');
    expect(ranked.matches[0]?.confidence).toBe('low');
  });

  it('leaves one known word in a long unrelated need no match', () => {
    const ranked = rankNeedExplained(ctx.catalogue, 'book a table at an italian restaurant for friday evening with parking and a country view', { limit: 5 });
    expect(ranked.matches).toEqual([]);
    expect(ranked.emptyReason).toBe('weak_matches');
  });
});
