import { describe, expect, it } from 'vitest';
import { alternativesFaqEntry } from '../../../src/core/listings/listing-faq.ts';

const listing = { name: 'AniAPI', description: 'Anime data', capabilities: ['list anime page by page', 'filter results by id', 'ask for a localisation'] };

describe('the alternatives answer of a listing\'s FAQ', () => {
  it('names a single shared capability and counts several, so the listing\'s lines are not repeated for every alternative', () => {
    const { answer } = alternativesFaqEntry(listing, [
      { name: 'AniList', slug: 'anilist', serves: ['list anime page by page', 'filter results by id'] },
      { name: 'Mangapi', slug: 'mangapi', serves: ['list anime page by page'] },
      { name: 'MyAnimeList', slug: 'myanimelist', serves: listing.capabilities },
      { name: 'Kitsu', slug: 'kitsu', serves: [] },
    ]);
    expect(answer).toContain('AniList (2 of the 3 capabilities of AniAPI)');
    expect(answer).toContain('Mangapi (list anime page by page)');
    expect(answer).toContain('MyAnimeList (all 3 capabilities of AniAPI)');
    expect(answer).toContain('Kitsu (the same need)');
    expect(answer.match(/filter results by id/g)).toBeNull();
  });

  it('says so when no other listing serves it, and pads with none', () => {
    expect(alternativesFaqEntry(listing, []).answer).toBe('The directory lists no other API that serves what AniAPI does.');
  });
});
