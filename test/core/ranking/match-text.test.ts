import { describe, expect, it } from 'vitest';
import { matchText } from '../../../src/core/ranking/match-text.ts';
import { NeedIndex } from '../../../src/core/ranking/need-index.ts';

/** Text lookups match the start of a word only where the user is still typing it (issue 14). */

const LISTINGS = [
  { slug: 'smartsheet', name: 'Smartsheet', description: 'Work management spreadsheets and projects' },
  { slug: 'smartcar', name: 'Smartcar', description: 'Connected car data for developers' },
  { slug: 'd7-sms', name: 'D7 SMS', description: 'Send SMS text messages worldwide' },
  { slug: 'open-meteo', name: 'Open-Meteo', description: 'Free weather forecast data' },
  { slug: 'pushover', name: 'Pushover', description: 'Push notifications to phones' },
];

const index = new NeedIndex();
for (const listing of LISTINGS) {
  index.add({ slug: listing.slug, category: 'Test', fields: { name: listing.name, description: listing.description, category: 'Test', subcategory: '', capabilities: '' } });
}
const slugsFor = (text: string) => matchText(index, text, { combineWith: 'AND' }).map((match) => match.slug).sort();

describe('text lookup prefixes', () => {
  it('never lets a two-letter stem begin other words: "sms" finds SMS APIs, not Smartsheet or Smartcar', () => {
    expect(slugsFor('sms')).toEqual(['d7-sms']);
    expect(slugsFor('send sms')).toEqual(['d7-sms']);
  });

  it('matches the start of the last word as typed, from three letters on', () => {
    expect(slugsFor('weath')).toEqual(['open-meteo']);
    expect(slugsFor('push notif')).toEqual(['pushover']);
    // Two letters begin nothing: "sm" only matches words whose stem it is ("sms").
    expect(slugsFor('sm')).toEqual(['d7-sms']);
  });

  it('matches earlier words whole, since the user has finished typing them', () => {
    expect(slugsFor('weath forecast')).toEqual([]);
    expect(slugsFor('weather forec')).toEqual(['open-meteo']);
  });
});
