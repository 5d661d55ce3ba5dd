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

  it('reads no capability from a one-liner that names the API or the kind of tool it is', () => {
    expect(phrasesOf('REST API for next-episode.net')).toEqual([]);
    expect(phrasesOf('Cat as a service (cats pictures and gifs)')).toEqual([]);
    expect(phrasesOf('Real-Time RESTful APIs and Websocket for Stocks, Currencies, and Crypto')).toEqual([]);
    expect(phrasesOf('Free currency API with over 150 currencies')).toEqual([]);
    expect(phrasesOf('Job search engine')).toEqual([]);
    expect(phrasesOf('URL shortener service')).toEqual([]);
    expect(phrasesOf('Blogging platform built for developers')).toEqual([]);
    // The status of a provider's services is a thing to get: "services" only qualifies it.
    expect(phrasesOf('Status of all DigitalOcean services')).toEqual(['get status of all DigitalOcean services']);
  });

  it('reads the thing a one-liner names before "API", with what qualifies it', () => {
    expect(phrasesOf('Key-value storage REST API for quick prototyping')).toEqual(['get key-value storage for quick prototyping']);
    expect(phrasesOf('Image generation API')).toEqual(['generate image']);
    // A name before "API" says which API it is, not what it gives.
    expect(phrasesOf('Domains Data API for Developers')).toEqual([]);
  });

  it('keeps the first sentence, and what stands before a colon or a dash', () => {
    expect(phrasesOf('IP Geolocation API. Collecting data from multiple sources')).toEqual([]);
    expect(phrasesOf('Free Minecraft data: mobs, biomes, items, enchantments')).toEqual(['get minecraft data']);
    expect(phrasesOf('Live economic data — CPI, PPI, energy, treasury rates')).toEqual(['get live economic data']);
    // One letter before a period is an abbreviation, not the end of a sentence.
    expect(phrasesOf('U.S. Department of the Treasury Data')).toEqual(['get U.S. Department of the Treasury Data']);
  });

  it('never leaves a phrase cut mid-way ("… in Georgia from", "archive of") or one cut from a sentence', () => {
    expect(phrasesOf('Find verified legal specialists in Georgia from natural-language queries')).toEqual(['find verified legal specialists in Georgia']);
    // Cut at 60 characters right after "of": what it was of was the thing.
    expect(phrasesOf('Comprehensive historical hourly weather observations of airports')).toEqual([]);
    expect(phrasesOf('For upcoming and ongoing competitive coding contests')).toEqual([]);
    expect(phrasesOf('Contains live datasets including information about petitions, bills, MP votes')).toEqual([]);
    // "On-chain" opens a thing; "on" alone would not. "Open Source … API" praises.
    expect(phrasesOf('On-chain lottery, draw history, jackpot and advertising endpoints')).toEqual(['get on-chain lottery']);
    expect(phrasesOf('Open Source Shrimad Bhagavad Gita API including 21+ authors translation')).toEqual([]);
  });

  it('reads a comma before a digit as grouping thousands, not ending a clause ("search 47", "from 20")', () => {
    expect(phrasesOf('Search 47,000+ marketing agencies by service, location and rating')).toEqual(['search 47,000+ marketing agencies by service']);
    expect(phrasesOf('Catalog of 16,000+ satellites merging CelesTrak, GCAT, Wikidata; free tier included')).toEqual(['get catalog of 16,000+ satellites merging CelesTrak']);
  });

  it('reads an act named before what qualifies it as that act, and the first of a list of names as no thing', () => {
    expect(phrasesOf('Text translation with language detection')).toEqual(['translate text with language detection']);
    expect(phrasesOf('UK postcode lookup with lat/lon')).toEqual(['look up UK postcode with lat/lon']);
    expect(phrasesOf('Random US, Hong Kong and Cape Verde addresses')).toEqual([]);
  });
});
