import { describe, expect, it } from 'vitest';
import { capabilitiesOfRow } from '../../src/catalogue-build/capability-phrases.ts';

const phrasesOf = (description: string) => {
  const read = capabilitiesOfRow(description);
  return 'capabilities' in read ? read.capabilities : [];
};

describe("capabilities read from a public-apis row's one-liner", () => {
  it('keeps a verb phrase as the row says it', () => {
    expect(phrasesOf('Translate between 21 of most used languages')).toEqual(['translate between 21 of most used languages']);
  });

  it('reads a noun phrase as a thing to get, with the capitals of a name kept', () => {
    expect(phrasesOf('Random dog facts')).toEqual(['get random dog facts']);
    expect(phrasesOf('Integrated Taxonomic Information System')).toEqual(['get Integrated Taxonomic Information System']);
    expect(phrasesOf('Brazil Central Bank Open Data')).toEqual(['get Brazil Central Bank Open Data']);
  });

  it('reads a thing named by its act as that act: "look up postcodes", not "get postcode lookup"', () => {
    expect(phrasesOf('Postcode lookup & Geolocation for the UK')).toEqual(['look up postcode']);
    expect(phrasesOf('Random commit message generator')).toEqual(['generate random commit message']);
    // An act whose object would end on a conjunction stays a thing to get.
    expect(phrasesOf('Malware execution and analysis')).toEqual(['get malware execution and analysis']);
  });

  it('leaves out words that praise rather than say what it gives', () => {
    expect(phrasesOf('Free image search')).toEqual(['search image']);
    expect(phrasesOf('Public holidays for 195+ countries')).toEqual(['get holidays for 195+ countries']);
  });

  it('never reads a clause that opens with a verb as a thing to get ("get get the country")', () => {
    expect(phrasesOf('Get the country, state, and city of any US zip-code')).toEqual([]);
    expect(phrasesOf('Check if websites and online services are currently down')).toEqual([]);
    expect(capabilitiesOfRow('Gets an array of popular memes')).toHaveProperty('reason');
  });
});
