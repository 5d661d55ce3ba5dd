import { readFileSync } from 'node:fs';
import { listingSchema, type Listing } from '../../src/core/listings/listing.ts';
import { CLI_CRITERIA } from '../../src/core/scoring/cli-criteria.ts';
import { slugify } from '../../src/core/ranking/text.ts';

interface CorpusEntry {
  slug: string;
  name: string;
  description: string;
  category: string;
  subcategory?: string;
  capabilities?: string[];
  url?: string;
}

/** Deterministic pseudo-random numbers, so every benchmark run loads the same catalogue. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` listings built from the real corpus's text (cycled, with numbered copies past the
 * first pass) and seeded scores, for benchmarks at realistic and at large sizes.
 */
export function syntheticCatalogue(count: number, corpusPath = '../shared/corpus/listings.json'): Listing[] {
  const corpus = JSON.parse(readFileSync(corpusPath, 'utf8')) as CorpusEntry[];
  const random = mulberry32(42);
  const listings: Listing[] = [];
  const taken = new Set<string>();
  const uniqueSlug = (wanted: string) => {
    const stem = slugify(wanted).slice(0, 70).replace(/-$/, '');
    let slug = stem;
    for (let n = 2; taken.has(slug); n += 1) slug = `${stem}-${n}`;
    taken.add(slug);
    return slug;
  };
  for (let i = 0; i < count; i += 1) {
    const base = corpus[i % corpus.length]!;
    const copy = Math.floor(i / corpus.length);
    const slug = uniqueSlug(copy === 0 ? base.slug : `${base.slug}-copy-${copy + 1}`);
    const cliCriteria = Object.fromEntries(
      CLI_CRITERIA.filter(() => random() < 0.8).map((criterion) => [criterion.key, { status: random() < 0.6 ? 'passed' : 'failed' }]),
    );
    listings.push(
      listingSchema.parse({
        slug,
        name: copy === 0 ? base.name : `${base.name} ${copy + 1}`,
        description: base.description.replace(/[\r\n]+/g, ' ').slice(0, 300) || base.name,
        category: base.category.slice(0, 80),
        ...(base.subcategory ? { subcategory: base.subcategory } : {}),
        ...(base.url ? { url: base.url } : {}),
        pricingTier: (['Free', 'Freemium', 'Paid', 'Usage-based', 'Open source'] as const)[Math.floor(random() * 5)],
        capabilities: base.capabilities ?? [],
        cliCriteria,
        qualityInputs: {
          weeklyDownloads: { value: Math.floor(random() ** 3 * 2_000_000) },
          stars: { value: Math.floor(random() ** 2 * 50_000) },
          daysSinceLastRelease: { value: Math.floor(random() * 400) },
          issueCloseRatio: { value: Math.round(random() * 100) / 100 },
          typeDefinitions: { value: random() < 0.5 },
        },
      }),
    );
  }
  return listings;
}
