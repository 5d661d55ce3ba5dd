import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importListings } from '../../../src/core/catalogue/import-listings.ts';
import { listingSchema, type ListingInput } from '../../../src/core/listings/listing.ts';
import { discoverListings } from '../../../src/core/search/discover-listings.ts';
import { openCore } from '../../../src/open-core.ts';

const scratch: string[] = [];
afterAll(async () => Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true }))));

const listing = (slug: string, name: string, description: string, category = 'Business & Productivity', capabilities: string[] = []): ListingInput => ({ slug, name, description, category, capabilities });

describe('whether the whole need is served is read on its first page, however deep the answer reads (ADR 32)', () => {
  it('gives a grouped answer the same reading as a flat one, and a short answer the same as a long one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apidex-depth-'));
    scratch.push(dir);
    const ctx = await openCore({ databaseUrl: `file:${join(dir, 'depth.db')}`, catalogDir: dir }, { loadDefaultCatalogue: false, log: { info: () => {}, warn: () => {} } });
    try {
      const listings = [
        // Listings about other things, so that the need's words are rare.
        ...Array.from({ length: 300 }, (_, i) => listing(`filler-${i}`, `Filler ${i}`, `Weather and currency data about topic ${i % 40}`, 'Data & Information')),
        // A first page of contact-form builders: each covers less than MIN_COVERAGE of the need.
        ...Array.from({ length: 12 }, (_, i) => listing(`forms-${i}`, `Forms ${i}`, 'Contact form builder')),
        // Past the first page: one that covers more of the need, in a long text that scores below them.
        listing('long-read', 'Long Read', 'How to stop spam bots submitting, in a long guide among many other topics of general interest to readers', 'Business & Productivity', Array.from({ length: 10 }, (_, i) => `read chapter ${i} of the general guide for readers`)),
      ].map((input) => listingSchema.parse(input));
      await importListings({ ctx, input: { listings } });
      // (Not "… from submitting my contact form": the act a need hinders counts half, and the guide then covers enough of it.)
      const need = 'stop spam bots submitting on my contact form';
      const grouped = await discoverListings({ ctx, input: { q: need, limit: 10 } });
      const flat = await discoverListings({ ctx, input: { q: need, limit: 10, group: 'none' } });
      const short = await discoverListings({ ctx, input: { q: need, limit: 3, group: 'none' } });
      const slugs = (answer: { items: { slug: string }[] }) => answer.items.map((item) => item.slug);
      expect(slugs(grouped)).toEqual(slugs(flat));
      expect(slugs(short)).toEqual(slugs(flat).slice(0, 3));
      // The first page serves too little of the whole need, so every answer reads the narrower "stop spam bots submitting".
      expect(flat.readAs).toBe('stop spam bots submitting');
      expect(slugs(flat)[0]).toBe('long-read');
    } finally {
      await ctx.store.close();
    }
  });
});
