import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { redirectsFileSchema } from '../../src/core/catalogue/slug-redirects.ts';
import { followRedirects } from '../../src/core/search/evaluation/follow-redirects.ts';
import type { EvaluationQuery } from '../../src/core/search/evaluation/run-evaluation.ts';

/**
 * The relevance sets kept with the catalogue (eval/README.md) name its slugs. A rebuild that
 * renames, merges or drops a listing must leave every judgment naming a listing, directly or
 * through catalog/_redirects.yaml; otherwise the sets silently measure against a grade no answer
 * can earn.
 */
const slugs = new Set(readdirSync('catalog').filter((file) => file.endsWith('.yaml') && !file.startsWith('_')).map((file) => file.slice(0, -'.yaml'.length)));
const { redirects } = redirectsFileSchema.parse(parse(readFileSync('catalog/_redirects.yaml', 'utf8')));
const sets = readdirSync('eval').filter((file) => /^real-.*\.json$/.test(file));

describe('the relevance sets kept with the catalogue', () => {
  it('are all read', () => {
    expect(sets).toContain('real-dev.json');
    expect(sets.length).toBeGreaterThanOrEqual(10);
  });

  for (const file of sets) {
    it(`${file}: every judged slug names a listing of catalog/, directly or through its redirects`, () => {
      const { queries } = JSON.parse(readFileSync(`eval/${file}`, 'utf8')) as { queries: EvaluationQuery[] };
      expect(queries.length).toBeGreaterThan(0);
      const followed = followRedirects(queries, redirects, (slug) => slugs.has(slug));
      const missing = followed.queries.flatMap(({ query, relevant }) => Object.keys(relevant).filter((slug) => !slugs.has(slug)).map((slug) => `${slug} (${query})`));
      expect(missing).toEqual([]);
    });
  }

  it('real-dev.json: every need keeps a listing graded as serving it whole, as its labelling rules say', () => {
    const { queries } = JSON.parse(readFileSync('eval/real-dev.json', 'utf8')) as { queries: EvaluationQuery[] };
    const followed = followRedirects(queries, redirects, (slug) => slugs.has(slug));
    expect(followed.queries.filter(({ relevant }) => !Object.values(relevant).includes(2)).map(({ query }) => query)).toEqual([]);
  });
});
