import { describe, expect, it } from 'vitest';
import {
  checkCorpusListings,
  CorpusFileError,
  cutAtWord,
  readCorpusListings,
  removeTrackingParameters,
  type CorpusItem,
} from '../../src/ingest/corpus-json/read-corpus-listings.ts';

const FIXTURES = 'test/ingest/fixtures/corpus';

const byIndex = (items: CorpusItem[], index: number) => {
  const item = items.find((candidate) => candidate.index === index);
  if (!item) throw new Error(`no item ${index}`);
  return item;
};

describe('readCorpusListings on a file of good, bad and duplicate items', () => {
  it('gives one outcome per item, in file order, and never loses one', async () => {
    const { items, listings } = await readCorpusListings(`${FIXTURES}/mixed-listings.json`);
    expect(items.map((item) => item.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(items.map((item) => item.status)).toEqual(['valid', 'valid', 'valid', 'valid', 'valid', 'failed', 'failed', 'skipped', 'failed', 'failed', 'failed']);
    expect(listings.map((listing) => listing.slug)).toEqual(['country-reference-data-service', 'ipstack', 'postcodedata', 'market-feed', 'multi-line']);
  });

  it('maps pricing to pricingTier and keeps subcategory and capabilities; public-apis columns become evidence pointing at the item', async () => {
    const { listings } = await readCorpusListings(`${FIXTURES}/mixed-listings.json`);
    expect(listings[0]).toEqual({
      slug: 'country-reference-data-service',
      name: 'Country reference data service',
      description: 'Country data: population, languages, currencies, flags',
      category: 'Data & Information',
      subcategory: 'Reference Data',
      capabilities: ['get country data', 'search countries'],
      pricingTier: 'Free',
      cliCriteria: {},
      qualityInputs: {},
      faq: [],
    });
    // Auth "apiKey" is a static key: env-var auth and headless pass (ADR 18); HTTPS and CORS are facts.
    const ipstack = listings.find((listing) => listing.slug === 'ipstack')!;
    expect(ipstack.cliCriteria.envVarAuth).toMatchObject({ status: 'passed', source: 'public-apis', pointer: '#/1' });
    expect(ipstack.cliCriteria.headless).toMatchObject({ status: 'passed', pointer: '#/1' });
    expect(ipstack.access?.auth).toEqual({ value: ['apiKey'], source: 'public-apis', pointer: '#/1' });
    expect(Object.keys(ipstack)).not.toContain('auth');
  });

  it('removes utm_* parameters from urls but keeps a ref= the API needs, and notes the change', async () => {
    const { items, listings } = await readCorpusListings(`${FIXTURES}/mixed-listings.json`);
    expect(listings.find((listing) => listing.slug === 'ipstack')!.url).toBe('https://ipstack.com/');
    expect(byIndex(items, 1)).toMatchObject({ notes: ['url: tracking parameters removed (utm_source, utm_medium, utm_campaign)'] });
    expect(listings.find((listing) => listing.slug === 'postcodedata')!.url).toBe(
      'http://api.postcodedata.nl/v1/postcode/?postcode=1211EP&streetnumber=60&ref=domeinnaam.nl&type=json',
    );
    expect(byIndex(items, 2)).toMatchObject({ notes: [] });
  });

  it('cuts an over-long description at a word boundary with "…" and says so', async () => {
    const { items, listings } = await readCorpusListings(`${FIXTURES}/mixed-listings.json`);
    const description = listings.find((listing) => listing.slug === 'market-feed')!.description;
    expect(description.length).toBeLessThanOrEqual(300);
    expect(description).toMatch(/ uptime for…$/);
    expect(byIndex(items, 3)).toMatchObject({ notes: ['description: 324 characters cut to 300 at a word boundary ("…" marks the cut)'] });
  });

  it('joins line breaks and repeated spaces, and leaves an empty url out', async () => {
    const { listings } = await readCorpusListings(`${FIXTURES}/mixed-listings.json`);
    const listing = listings.find((candidate) => candidate.slug === 'multi-line')!;
    expect(listing.name).toBe('Multi Line');
    expect(listing.description).toBe('First line second line');
    expect(listing).not.toHaveProperty('url');
  });

  it('fails bad items with a reason naming the field and the fix', async () => {
    const { items } = await readCorpusListings(`${FIXTURES}/mixed-listings.json`);
    expect(byIndex(items, 5)).toMatchObject({
      slug: 'bad-pricing',
      reason: 'One field is not valid: pricing must be one of Free, Freemium, Paid, Usage-based, Open source, Enterprise; got "Gratis".',
      problems: [{ field: 'pricing' }],
    });
    expect(byIndex(items, 6)).toMatchObject({ slug: 'no-category', problems: [{ field: 'category', message: 'category is required (a string)' }] });
    expect(byIndex(items, 8)).toMatchObject({ reason: 'The item is a string ("not an object"); each item must be an object of listing fields.' });
    expect(byIndex(items, 8)).not.toHaveProperty('slug');
    expect(byIndex(items, 9)).toMatchObject({ problems: [{ field: 'slug', message: 'slug is required (a string); add one, e.g. "slugless-service" from the name' }] });
    expect(byIndex(items, 10)).toMatchObject({ slug: 'typo-field', problems: [{ field: 'descripton', message: 'unknown field "descripton"; rename it to "description"' }] });
  });

  it('keeps the first of two items with one slug and skips the later, naming the first', async () => {
    const { items, listings } = await readCorpusListings(`${FIXTURES}/mixed-listings.json`);
    expect(byIndex(items, 7)).toEqual({
      index: 7,
      slug: 'ipstack',
      status: 'skipped',
      reason: 'duplicate slug "ipstack": item 1 has it and is kept; give this one another slug or remove it',
    });
    expect(listings.find((listing) => listing.slug === 'ipstack')!.name).toBe('IPstack');
  });
});

describe('checkCorpusListings', () => {
  const good = { slug: 'good-one', name: 'Good One', description: 'Does a thing', category: 'Tools' };

  it('lets a later valid item take a slug whose first item failed', () => {
    const { items, listings } = checkCorpusListings([{ ...good, category: '' }, { ...good, name: 'Second' }]);
    expect(items.map((item) => item.status)).toEqual(['failed', 'valid']);
    expect(listings.map((listing) => listing.name)).toEqual(['Second']);
  });

  it('treats null and empty optional fields as not shown', () => {
    const { listings } = checkCorpusListings([{ ...good, url: null, subcategory: '', pricing: '', capabilities: null }]);
    expect(listings[0]).toEqual({ ...good, capabilities: [], cliCriteria: {}, qualityInputs: {}, faq: [] });
  });

  it('accepts pricing in any case and spacing', () => {
    const { listings } = checkCorpusListings([{ ...good, pricing: 'usage based' }]);
    expect(listings[0]!.pricingTier).toBe('Usage-based');
  });

  it('reports every bad field of an item together', () => {
    const { items } = checkCorpusListings([{ slug: 'Bad Slug', name: 42, description: 'ok', category: 'Tools', colour: 'red' }]);
    const item = items[0]!;
    expect(item.status).toBe('failed');
    if (item.status !== 'failed') return;
    expect(item.problems.map((problem) => problem.field).sort()).toEqual(['colour', 'name', 'slug']);
    expect(item.reason).toMatch(/^3 fields are not valid: /);
    expect(item.slug).toBe('Bad Slug');
  });

  it('fails an item with a control character, which no store should hold', () => {
    const { items } = checkCorpusListings([{ ...good, name: 'Bell\u0007' }]);
    expect(items[0]).toMatchObject({ status: 'failed', problems: [{ field: 'name', message: 'name must not contain control characters' }] });
  });
});

describe('the file as a whole', () => {
  it('rejects a file that is not JSON as a format error naming the file', async () => {
    const error = await readCorpusListings(`${FIXTURES}/not-json.json`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CorpusFileError);
    expect(error).toMatchObject({ kind: 'format', message: expect.stringContaining('not-json.json is not valid JSON') });
  });

  it('rejects a JSON object where an array belongs', async () => {
    await expect(readCorpusListings(`${FIXTURES}/not-an-array.json`)).rejects.toMatchObject({
      kind: 'format',
      message: expect.stringContaining('holds an object, not an array'),
    });
  });

  it('reports a missing file as unreadable', async () => {
    await expect(readCorpusListings(`${FIXTURES}/no-such-file.json`)).rejects.toMatchObject({ kind: 'unreadable', message: expect.stringContaining('no such file') });
  });
});

describe('cutAtWord', () => {
  it('leaves text that fits alone', () => {
    expect(cutAtWord('short text', 20)).toBe('short text');
  });

  it('cuts at the last word boundary that leaves room for "…", dropping trailing punctuation', () => {
    expect(cutAtWord('alpha beta, gamma delta', 14)).toBe('alpha beta…');
  });

  it('cuts one very long word where it must', () => {
    expect(cutAtWord('a https://example.com/very/long/path/with/no/spaces', 20)).toBe('a https://example.c…');
  });
});

describe('removeTrackingParameters', () => {
  it('removes utm_* and a ref naming the list, keeping the rest as written', () => {
    expect(removeTrackingParameters('https://x.io/a?utm_source=Github&page=2&ref=public-apis#top')).toEqual({
      url: 'https://x.io/a?page=2#top',
      removed: ['utm_source', 'ref'],
    });
    expect(removeTrackingParameters('https://spacetraders.io?rel=pub-apis')).toEqual({ url: 'https://spacetraders.io', removed: ['rel'] });
  });

  it('leaves URLs without tracking parameters untouched', () => {
    const url = 'https://www.wikidata.org/w/api.php?action=help&ref=my-site.example';
    expect(removeTrackingParameters(url)).toEqual({ url, removed: [] });
  });
});
