import { describe, expect, it } from 'vitest';
import { listingSchema } from '../../../src/core/listings/listing.ts';
import { toFieldProblems } from '../../../src/core/validation-messages.ts';

const valid = {
  slug: 'country-reference-data-service',
  name: 'Country reference data service',
  description: 'Country data: population, languages, currencies, flags',
  pricingTier: 'Free',
  category: 'Data & Information',
};

const problemsOf = (input: unknown) => {
  const result = listingSchema.safeParse(input);
  return result.success ? [] : toFieldProblems(result.error);
};

describe('listing schema', () => {
  it('accepts a listing with only the required fields and leaves the rest out, not defaulted to values', () => {
    const listing = listingSchema.parse(valid);
    expect(listing).toEqual({ ...valid, capabilities: [], cliCriteria: {}, qualityInputs: {}, faq: [] });
    expect('url' in listing).toBe(false);
    expect('install' in listing).toBe(false);
  });

  it.each([
    ['an upper-case slug', { slug: 'Country-Data' }, 'slug', 'lower-case'],
    ['a slug with a double hyphen', { slug: 'country--data' }, 'slug', 'single hyphens'],
    ['a two-line description', { description: 'one\ntwo' }, 'description', 'single line'],
    ['a NUL character', { name: 'Country\u0000data' }, 'name', 'control characters'],
    ['an ftp url', { url: 'ftp://example.com' }, 'url', 'http(s)'],
    ['an unknown pricing tier', { pricingTier: 'Gratis' }, 'pricingTier', 'Free, Freemium, Paid, Usage-based, Open source'],
    ['a percentage for the close ratio', { qualityInputs: { issueCloseRatio: { value: 62 } } }, 'qualityInputs.issueCloseRatio.value', 'write 0.62 for 62%'],
    ['a criterion status outside the three', { cliCriteria: { headless: { status: 'yes' } } }, 'cliCriteria.headless.status', 'passed, failed, not_assessed'],
    ['an unknown criterion', { cliCriteria: { graphql: { status: 'passed' } } }, 'cliCriteria.graphql', 'unknown field'],
    ['an unknown top-level field', { rating: 5 }, 'rating', 'unknown field'],
  ])('rejects %s, naming the field and the fix', (_case, change, field, fix) => {
    const problems = problemsOf({ ...valid, ...change });
    expect(problems).toEqual([expect.objectContaining({ field })]);
    expect(problems[0]!.message).toContain(fix);
  });

  it('says a missing required field is required', () => {
    const { category: _category, ...withoutCategory } = valid;
    expect(problemsOf(withoutCategory)).toEqual([{ field: 'category', message: 'category is required (a string)' }]);
  });
});
