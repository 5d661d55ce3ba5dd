import { describe, expect, it } from 'vitest';
import { NeedIndex, type NeedDocument } from '../../../src/core/search/need-index.ts';

/**
 * Rules of the need engine about words and capabilities, each pinned on a few made-up listings
 * (issue 14): general rules of language and of how the catalogue describes APIs, not of any query.
 */

const listing = (slug: string, name: string, description: string, category = 'Misc'): NeedDocument => ({
  slug,
  category,
  fields: { name, description, category, subcategory: '', capabilities: '' },
});

const indexOf = (documents: NeedDocument[]) => {
  const index = new NeedIndex();
  for (const document of documents) index.add(document);
  index.pack();
  return index;
};

describe('a compound that stands for a capability phrase', () => {
  it('is covered by that capability: "time zone" read as "timezone" still counts for a listing of local times and UTC offsets', () => {
    const index = indexOf([
      listing('zones', 'Zones', 'Look up the timezone of a place'),
      listing('clock', 'Clock', 'Local time and UTC offset of cities'),
      listing('other', 'Other', 'Weather for a place'),
    ]);
    const { hits, units } = index.search('time zone', { limit: 10 });
    expect(units.map((unit) => unit.key)).toEqual(['timezon', 'time zones']);
    const clock = hits.find((hit) => hit.slug === 'clock')!;
    expect(clock.capabilities).toEqual(['time zones']);
    expect(clock.coverage).toBe(1);
  });
});
