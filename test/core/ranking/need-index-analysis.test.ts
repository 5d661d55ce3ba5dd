import { describe, expect, it } from 'vitest';
import { analyzeText, stem } from '../../../src/core/ranking/analyze-text.ts';
import { CAPABILITY_VOCABULARY_TEXT, parseVocabulary } from '../../../src/core/ranking/capability-vocabulary.ts';
import { NeedIndex, type NeedDocument } from '../../../src/core/ranking/need-index.ts';

/**
 * Rules of the need engine about words and capabilities, each pinned on a few made-up listings
 * (issue 14): general rules of language and of how the catalogue describes APIs, not of any query.
 */

const listing = (slug: string, name: string, description: string, category = 'Misc', capabilities = ''): NeedDocument => ({
  slug,
  category,
  fields: { name, description, category, subcategory: '', capabilities },
});

const indexOf = (documents: NeedDocument[]) => {
  const index = new NeedIndex();
  for (const document of documents) index.add(document);
  index.pack();
  return index;
};

/** Listings about something else (the weather), so that a word's idf is as on a real shelf rather than in a catalogue of two. */
const unrelated = (count: number) => Array.from({ length: count }, (_, i) => listing(`other-${i}`, `Other ${i}`, 'Weather for a place', 'Weather', 'get a forecast'));

/** The capabilities a need credits one listing with (none when it is not among the hits). */
const creditedBy = (index: NeedIndex, need: string, slug: string) => index.search(need, { limit: 10 }).hits.find((hit) => hit.slug === slug)?.capabilities ?? [];

/** The slug of the listing a need ranks first, if any. */
const firstHitOf = (index: NeedIndex, need: string) => index.search(need, { limit: 5 }).hits[0]?.slug;
/** The capabilities a need names. */
const capabilityUnitsOf = (index: NeedIndex, need: string) => index.search(need, { limit: 10 }).units.filter((unit) => unit.kind === 'capability').map((unit) => unit.key);

describe('a compound that stands for a capability phrase', () => {
  it('is covered by that capability: "time zone" read as "timezone" still counts for a listing of local times and UTC offsets', () => {
    const index = indexOf([
      listing('zones', 'Zones', 'Look up the timezone of a place'),
      listing('tz', 'TZ', 'Timezone rules for every country'),
      listing('world', 'World', 'Convert a date from one timezone to another'),
      listing('clock', 'Clock', 'Local time and UTC offset of cities'),
      listing('other', 'Other', 'Weather for a place'),
    ]);
    const { hits, units } = index.search('time zone', { limit: 10 });
    expect(units.map((unit) => unit.key)).toEqual(['timezon', 'time zones']);
    const clock = hits.find((hit) => hit.slug === 'clock')!;
    expect(clock.capabilities).toEqual(['time zones']);
    expect(clock.coverage).toBe(1);
  });

  it('is read as its two words when almost no listing writes it as one: "user-uploaded" means users and uploads', () => {
    // One listing in a thousand writes "user-uploaded": rarer than one in 400, the joined word is no help.
    const fillers = Array.from({ length: 1000 }, (_, i) => listing(`filler-${i}`, `Filler ${i}`, `Weather report number ${i} for a user`));
    const index = indexOf([
      listing('gallery', 'Gallery', 'Host user-uploaded pictures'),
      listing('uploads', 'Uploads', 'Upload files for a user to a bucket'),
      ...fillers,
    ]);
    const { hits, units } = index.search('resize user-uploaded files', { limit: 10 });
    expect(units.map((unit) => unit.key)).toEqual(expect.arrayContaining(['user', 'upload']));
    expect(units.map((unit) => unit.key)).not.toContain('userupload');
    expect(hits.map((hit) => hit.slug)).toContain('uploads');
  });
});

describe('capability phrases in a listing: longest match', () => {
  const index = indexOf([
    listing('exchange', 'Exchange', 'Spot trading with order book depth'),
    listing('library', 'Library', 'Books and their authors'),
    listing('alerts', 'Alerts', 'Severe weather alerts for your area'),
    listing('forecast', 'Forecast', 'Weather forecasts'),
  ]);

  it('leaves out a phrase inside a longer phrase of another capability: an order book is no book', () => {
    const { hits } = index.search('novels', { limit: 10 });
    expect(hits.map((hit) => hit.slug)).toEqual(['library']);
  });

  it('keeps both in a need: "weather alerts" asks for weather too', () => {
    const { units, hits } = index.search('weather alerts', { limit: 10 });
    expect(units.filter((unit) => unit.kind === 'capability').map((unit) => unit.key).sort()).toEqual(['severe weather alerts', 'weather']);
    // The alerts listing's "weather" is part of its "severe weather alerts", so it names that capability only.
    expect(hits.find((hit) => hit.slug === 'alerts')!.capabilities).toEqual(['severe weather alerts']);
  });
});

describe('phrases of needs only: a value the capability returns, which APIs about the same places take as well', () => {
  const index = indexOf([
    listing('geocoder', 'Geocoder', 'Forward and reverse geocoding'),
    listing('sun', 'Sun', 'Sunrise and sunset times for a given latitude and longitude'),
    listing('elevation', 'Elevation', 'Elevation at any coordinates'),
  ]);

  it('name the capability in a need: "latitude and longitude" asks for geocoding, and a geocoder covers it whole', () => {
    const { units, hits } = index.search('turn an address into latitude and longitude', { limit: 10 });
    expect(units.filter((unit) => unit.kind === 'capability').map((unit) => unit.key)).toEqual(['geocoding']);
    expect(hits[0]!.slug).toBe('geocoder');
    expect(hits[0]!.capabilities).toEqual(['geocoding']);
  });

  it('do not make a listing a geocoder: one that takes coordinates matches the words, not the capability', () => {
    const { hits } = index.search('turn an address into latitude and longitude', { limit: 10 });
    expect(hits.find((hit) => hit.slug === 'sun')!.capabilities).toEqual([]);
    expect(index.search('geocoding', { limit: 10 }).hits.map((hit) => hit.slug)).toEqual(['geocoder']);
  });

  it('name it only where the need asks for the value, not where it starts from one: "near these coordinates", "times for coordinates"', () => {
    expect(capabilityUnitsOf(index, 'sunrise and sunset times for coordinates')).not.toContain('geocoding');
    expect(capabilityUnitsOf(index, 'elevation near the user\'s current coordinates')).not.toContain('geocoding');
    expect(capabilityUnitsOf(index, 'get the coordinates of an address')).toContain('geocoding');
    expect(capabilityUnitsOf(index, 'an address into coordinates, and times for coordinates')).toContain('geocoding');
  });
});

describe('snow: weather in a need, often a product\'s name in a listing', () => {
  const index = indexOf([
    listing('forecast', 'Forecast', 'Hourly rain and snowfall forecast for any place'),
    listing('devices', 'Devices', 'Move data to the cloud by ordering Snow Family devices through import jobs'),
    ...unrelated(20),
  ]);

  it('a need asking whether it will snow names precipitation; a listing naming a Snow product does not claim it', () => {
    expect(capabilityUnitsOf(index, 'will it snow here tomorrow')).toContain('precipitation');
    expect(creditedBy(index, 'will it snow or rain within the next hour', 'forecast')).toContain('precipitation');
    expect(creditedBy(index, 'snow devices rain forecast', 'devices')).not.toContain('precipitation');
    expect(firstHitOf(index, 'a cron job: will it snow within the next hour')).toBe('forecast');
  });
});

describe('scheduling apart from calendars of days', () => {
  it('a meeting to schedule asks for scheduling, a train timetable or a holiday calendar does not', () => {
    const index = indexOf([
      listing('meetings', 'Meetings', 'Book meetings through shareable links and read calendar events'),
      listing('holidays', 'Holidays', 'Public holidays calendar for every country'),
    ]);
    expect(capabilityUnitsOf(index, 'schedule a meeting on a calendar')).toContain('scheduling');
    expect(capabilityUnitsOf(index, 'train schedules europe')).not.toContain('scheduling');
    expect(capabilityUnitsOf(index, 'public holidays in germany')).not.toContain('scheduling');
    expect(index.search('schedule a meeting on a calendar', { limit: 10 }).hits[0]!.slug).toBe('meetings');
  });
});

describe('virtual machines', () => {
  it('are named as clouds name them: instances, droplets, computing capacity', () => {
    const index = indexOf([
      listing('droplets', 'Droplets', 'Create and resize droplets and cloud servers'),
      listing('capacity', 'Compute', 'Resizable computing capacity in the cloud'),
      listing('mail', 'Mail', 'Send email to a machine-readable list'),
    ]);
    const hits = index.search('create a virtual machine', { limit: 10 }).hits;
    expect(hits.find((hit) => hit.slug === 'droplets')?.capabilities).toContain('virtual machines');
    expect(hits.find((hit) => hit.slug === 'capacity')?.capabilities).toContain('virtual machines');
    expect(hits.map((hit) => hit.slug).indexOf('mail')).toBe(hits.length - 1);
  });
});

describe('workflow automation', () => {
  it('is what a need to automate workflows asks for, though "workflow" alone says where a call runs', () => {
    const index = indexOf([
      listing('flows', 'Flows', 'REST API of a workflow automation platform: manage workflows and their executions'),
      listing('glue', 'Glue', 'An integration platform that runs steps across connected apps'),
      listing('ci', 'CI', 'Run a build when a workflow starts', 'Misc', 'start builds'),
      ...unrelated(20),
    ]);
    expect(capabilityUnitsOf(index, 'automate workflows between our apps')).toContain('workflow automation');
    expect(creditedBy(index, 'automate workflows between our apps', 'flows')).toContain('workflow automation');
    expect(creditedBy(index, 'automate workflows between our apps', 'glue')).toContain('workflow automation');
    expect(firstHitOf(index, 'automate workflows between our apps')).toBe('flows');
    // Run from a workflow, a need asks for what it names, not for automation.
    expect(capabilityUnitsOf(index, 'start a build from a GitHub Actions workflow')).not.toContain('workflow automation');
  });
});

describe('a need word a listing has only in its name', () => {
  const index = indexOf([
    listing('brand', 'Storm Glass', 'Marine weather from many sources'),
    listing('stated', 'Glass', 'Storms and marine weather from many sources'),
    listing('both', 'Storm Watch', 'Storm tracks and marine weather'),
  ]);

  it('covers half of that word when neither the description nor the capabilities bear it out', () => {
    const { hits } = index.search('storm', { limit: 10 });
    const coverage = Object.fromEntries(hits.map((hit) => [hit.slug, hit.coverage]));
    expect(coverage).toEqual({ both: 1, stated: 1, brand: 0.5 });
    expect(hits.map((hit) => hit.slug)).toEqual(['both', 'stated', 'brand']);
  });

  it('counts a word whole where the description states it, whatever the name says', () => {
    const { hits } = index.search('marine weather', { limit: 10 });
    expect(hits.every((hit) => hit.coverage === 1)).toBe(true);
  });
});

describe('a need part a listing has only on its shelf', () => {
  const shelved = (slug: string, name: string, description: string, subcategory: string, capabilities: string): NeedDocument => ({
    slug,
    category: 'Cloud',
    fields: { name, description, category: 'Cloud', subcategory, capabilities },
  });
  const index = indexOf([
    shelved('edge', 'Edge Cache', 'Serve files from edge locations and purge cached copies', 'Networking & CDN', 'invalidate cached objects'),
    shelved('gateway', 'Network Builder', 'Deploy and manage network services', 'Networking & CDN', 'deploy network functions'),
    ...Array.from({ length: 20 }, (_, i) => shelved(`other-${i}`, `Other ${i}`, 'Queues and topics for messages', 'Messaging', 'send a message')),
  ]);

  it('covers half of that part: the shelf names what its listings do between them, not what each does', () => {
    const coverage = Object.fromEntries(index.search('purge the cdn cache', { limit: 10 }).hits.map((hit) => [hit.slug, hit.coverage]));
    expect(coverage.edge).toBe(1);
    expect(coverage.gateway).toBeLessThanOrEqual(0.5);
  });

  it('keeps a listing whose own words bear the need out above one that only sits on its shelf, even with a word of the need its own', () => {
    expect(index.search('after each deploy, purge the cdn cache', { limit: 10 }).hits.map((hit) => hit.slug)).toEqual(['edge', 'gateway']);
  });
});

describe("a word of a listing's name that is its provider's name", () => {
  it('covers its part whole: the need names whose API it wants, and the provider record bears the name out', () => {
    const index = new NeedIndex();
    index.add({ ...listing('hub', 'Codehub', 'Repositories, issues and pull requests', 'Developer Tools', 'create an issue\nlist repositories'), provider: 'Codehub' });
    index.add(listing('cards', 'Codehub Stats Cards', 'Cards for Codehub profiles showing issues and stars', 'Developer Tools', 'render a stats card of issues'));
    for (let i = 0; i < 5; i += 1) index.add(listing(`tool-${i}`, `Codehub Tool ${i}`, 'Badges for a profile', 'Developer Tools', 'render a badge'));
    index.pack();
    const hits = index.search('create a codehub issue from a script', { limit: 5 }).hits;
    expect(hits.find((hit) => hit.slug === 'hub')!.coverage).toBe(1);
    expect(hits[0]!.slug).toBe('hub');
    expect(hits[0]!.fields).not.toContain('provider');
  });
});

describe("a word of a listing's name that names its provider's product line", () => {
  const from = (providerId: string, document: NeedDocument): NeedDocument => ({ ...document, provider: providerId, providerId });
  // "Querybase" is in the names of two of Cloudco's products, in a third party's name and in others' descriptions.
  const catalogue = () => [
    from('cloudco', listing('warehouse', 'Cloudco Querybase', 'Serverless warehouse: run SQL over large tables', 'Analytics', 'run sql queries over large tables')),
    from('cloudco', listing('transfer', 'Cloudco Querybase Transfer', 'Schedule recurring copies of data into Querybase', 'Analytics', 'schedule transfer runs into querybase')),
    from('timeco', listing('timesheets', 'Timesheets for Querybase', 'Log hours worked and run reports on them', 'Analytics', 'run timesheet reports')),
    from('syncer', listing('sync', 'Syncer', 'Copy CRM records into Querybase and other warehouses', 'Analytics', 'sync records into a warehouse')),
    ...unrelated(20),
  ];
  const coverageOf = (index: NeedIndex, slug: string) => index.search('run a query in querybase', { limit: 10 }).hits.find((hit) => hit.slug === slug)?.coverage;

  it("covers its part whole for the provider's products, and at half for a third party that only names it", () => {
    const index = indexOf(catalogue());
    expect(coverageOf(index, 'warehouse')).toBe(1);
    expect(coverageOf(index, 'timesheets')).toBeLessThan(1);
  });

  it('is one only while the catalogue bears it out: with one of the two products gone, the word is back at half', () => {
    const index = indexOf(catalogue());
    index.remove('transfer');
    index.pack();
    expect(coverageOf(index, 'warehouse')).toBeLessThan(1);
    index.add(catalogue()[1]!);
    index.pack();
    expect(coverageOf(index, 'warehouse')).toBe(1);
  });

  it('is kept in the index as written for another thread, and marked afresh there after a change', () => {
    const index = NeedIndex.fromState(indexOf(catalogue()).toState());
    expect(coverageOf(index, 'warehouse')).toBe(1);
    index.remove('transfer');
    index.pack();
    expect(coverageOf(index, 'warehouse')).toBeLessThan(1);
  });

  it('is not a word many providers name a product by, one each', () => {
    const index = indexOf([
      ...['alpha', 'beta', 'gamma', 'delta'].map((name) => from(name, listing(`${name}-tracker`, `${name} Tracker`, 'Parcel status by carrier', 'Shipping', 'get a parcel status'))),
      ...unrelated(20),
    ]);
    expect(index.search('tracker', { limit: 3 }).hits[0]?.coverage).toBe(0.5);
  });
});

describe('the category lift', () => {
  const weather = Array.from({ length: 30 }, (_, i) => listing(`weather-${i}`, `Weather ${i}`, 'Weather for a place', 'Weather'));

  it('holds a tiny shelf whose every listing matches below a large one where many do', () => {
    const index = indexOf([
      listing('tiny-1', 'Tiny One', 'Song lyrics', 'Tiny'),
      listing('tiny-2', 'Tiny Two', 'Lyrics of songs', 'Tiny'),
      ...Array.from({ length: 12 }, (_, i) => listing(`music-${i}`, `Music ${i}`, i < 5 ? 'Lyrics and chords' : 'Sheet music scores', 'Music')),
      ...weather,
    ]);
    const { categories, hits } = index.search('lyrics', { limit: 10 });
    expect(categories.map((category) => category.name)).toEqual(['Music', 'Tiny']);
    expect(hits[0]!.slug).toBe('music-0');
  });

  it('puts a listing of a shelf about the need above a stray one that says the word a little more', () => {
    const index = indexOf([
      ...Array.from({ length: 10 }, (_, i) => listing(`tabs-${i}`, `Tabs ${i}`, 'Lyrics, chords', 'Music')),
      listing('stray', 'Lyrics', 'Song lyrics'),
      ...weather,
    ]);
    expect(index.search('lyrics', { limit: 3 }).hits[0]!.slug).toBe('tabs-0');
  });
});

describe('stems of their own for words Porter merges with an unrelated one', () => {
  it.each([
    ['several', 'severe'],
    ['national', 'nation'],
    ['trained', 'train'],
    ['training', 'trains'],
    ['transactional', 'transactions'],
    // Issue 14's cases.
    ['news', 'new'],
    ['publications', 'public'],
    ['productivity', 'product'],
    ['marketing', 'market'],
    ['communication', 'community'],
    // Vocabulary phrases whose stems fell on two capabilities' lines.
    ['anime', 'animals'],
    ['authorization', 'authors'],
    ['observances', 'observability'],
    ['ticketing', 'tickets'],
    // Words of API documents that Porter put on a capability phrase's stem.
    ['customers', 'custom'],
    ['booking', 'books'],
    ['driving', 'drive'],
    ['paste', 'past'],
    ['pinning', 'pin'],
    ['listings', 'list'],
    ['housing', 'house'],
    ['production', 'product'],
    ['cycling', 'cycle'],
    ['fitness', 'fit'],
    ['matching', 'matches'],
    ['localization', 'local'],
    ['directions', 'direct'],
    ['embeddings', 'embedded'],
    ['personality', 'personal'],
    ['renewable', 'renewal'],
    ['transition', 'transit'],
    ['elevator', 'elevation'],
    ['conversation', 'conversion'],
    ['department', 'departing'],
    ['departments', 'depart'],
  ])('%s is not %s', (word, other) => {
    expect(stem(word)).not.toBe(stem(other));
  });

  it('still meets the word\'s own forms', () => {
    expect(stem('authorize')).toBe(stem('authorization'));
    expect(stem('publication')).toBe(stem('publications'));
    expect(stem('department')).toBe(stem('departments'));
    expect(stem('trained')).toBe(stem('training'));
    expect(stem('nationally')).toBe(stem('national'));
    expect(stem('trains')).toBe(stem('train'));
    expect(stem('elevators')).toBe(stem('elevator'));
    // Porter turns a final "y" into "i" only before its derivational steps: "deploy" was "deploi", "deployment" "deploy".
    expect(stem('deployment')).toBe(stem('deploy'));
    expect(stem('employment')).toBe(stem('employ'));
    // Porter gives "virus" "viru" and "viruses" "virus".
    expect(stem('viruses')).toBe(stem('virus'));
  });
});

describe('what each field of a listing counts for (ADR 32: name 2, capabilities 1.5, category and subcategory 1.5, description 1)', () => {
  it('a word said twice in the description outweighs the same word once among the capabilities, all else equal', () => {
    // Same lengths, same words: only where "alpha" stands differs. At a capability weight of 2 the two tie (and the slug decides).
    const index = indexOf([listing('cee', 'Cee Box', 'zeta zeta', 'Misc', 'alpha'), listing('dee', 'Dee Box', 'alpha alpha', 'Misc', 'zeta'), listing('other', 'Other Box', 'omega', 'Misc', 'omega')]);
    expect(index.search('alpha', { limit: 3 }).hits.map((hit) => hit.slug)).toEqual(['dee', 'cee']);
  });

  it('a word once among the capabilities outweighs the same word once in the description', () => {
    const index = indexOf([listing('cee', 'Cee Box', 'zeta', 'Misc', 'alpha'), listing('dee', 'Dee Box', 'alpha', 'Misc', 'zeta'), listing('other', 'Other Box', 'omega', 'Misc', 'omega')]);
    expect(index.search('alpha', { limit: 3 }).hits.map((hit) => hit.slug)).toEqual(['cee', 'dee']);
  });
});

describe('capability lines (ADR 32: each line on its own, the line at index k weighing 1 / (1 + 0.5k) in score and in length)', () => {
  // In each pair the words are the same, so read as one field the two tie and the slug decides ("a…" first).
  it('a capability named on several lines outweighs the same capability named on one line among others', () => {
    const index = indexOf([
      listing('a-one-line', 'Box', 'relay tools', 'Misc', ['route sms mms whatsapp', 'relay', 'bridge', 'render pdfs'].join('\n')),
      listing('z-many-lines', 'Box', 'relay tools', 'Misc', ['route sms', 'relay mms', 'bridge whatsapp', 'render pdfs'].join('\n')),
      listing('other', 'Other Box', 'omega', 'Misc', 'omega'),
    ]);
    expect(index.search('text messages', { limit: 3 }).hits.map((hit) => hit.slug)).toEqual(['z-many-lines', 'a-one-line']);
  });

  it('the same capability counts more on the first line than on the fourth', () => {
    const index = indexOf([
      listing('a-late', 'Box', 'tools', 'Misc', ['list zones', 'read logs', 'manage keys', 'send sms'].join('\n')),
      listing('z-first', 'Box', 'tools', 'Misc', ['send sms', 'list zones', 'read logs', 'manage keys'].join('\n')),
      listing('other', 'Other Box', 'omega', 'Misc', 'omega'),
    ]);
    expect(index.search('send sms', { limit: 3 }).hits.map((hit) => hit.slug)).toEqual(['z-first', 'a-late']);
  });

  it('a line lengthens the listing by what it weighs: the job on the first of twelve lines outranks the same job on the third of three', () => {
    // Counted at full weight, the eleven later lines made the thorough listing twice as long and put it second (7.8 against 10.1).
    const laterLines = ['list zones', 'read logs', 'manage keys', 'place phone calls', 'record calls', 'buy phone numbers', 'look up usage', 'fetch prices', 'build phone menus', 'read text aloud', 'take card payments'];
    const index = indexOf([
      listing('a-brief', 'Box', 'messaging tools', 'Misc', ['list zones', 'read logs', 'send sms'].join('\n')),
      listing('z-thorough', 'Box', 'messaging tools', 'Misc', ['send sms', ...laterLines].join('\n')),
      ...unrelated(30),
    ]);
    expect(index.search('send sms', { limit: 3 }).hits.map((hit) => hit.slug)).toEqual(['z-thorough', 'a-brief']);
  });
});

describe('words that place a need in time', () => {
  it('name nothing an API does: "current", like "now" and "today", is no term', () => {
    expect(analyzeText('coffee shops near my current location right now').terms).toEqual(['coffe', 'shop', 'near', 'locat']);
  });
});

describe('prepositions of place and direction', () => {
  it('name nothing an API does: "behind", like "between" in a phrase of its own, is no term', () => {
    expect(analyzeText('the company behind a domain').terms).toEqual(['compani', 'domain']);
    expect(analyzeText('news from around the world, among others').terms).not.toContain('among');
  });
});

describe('British and American spellings', () => {
  it.each([
    ['optimise', 'optimize'],
    ['optimisation', 'optimization'],
    ['recognise', 'recognize'],
    ['summarising', 'summarizing'],
    ['analyse', 'analyze'],
    ['colour', 'color'],
    ['centre', 'center'],
    ['metres', 'meters'],
    ['licence', 'license'],
    ['catalogue', 'catalog'],
    ['programme', 'program'],
    ['organisations', 'organizations'],
  ])('%s meets %s', (british, american) => {
    expect(stem(british)).toBe(stem(american));
  });

  it('leaves words that end in -ise by nature alone', () => {
    for (const [word, other] of [['enterprise', 'enterprize'], ['noise', 'noize'], ['advise', 'advize'], ['promise', 'promize']] as const) expect(stem(word)).not.toBe(stem(other));
  });

  it('finds a listing written one way for a need written the other', () => {
    const index = indexOf([
      listing('squeeze', 'Squeeze', 'Optimise images for faster pages'),
      listing('forecast', 'Forecast', 'Weather forecasts for any place'),
      listing('dictation', 'Dictation', 'Recognize speech in audio files'),
    ]);
    const optimize = index.search('optimize images', { limit: 10 }).hits[0]!;
    expect([optimize.slug, optimize.terms]).toEqual(['squeeze', ['optimize', 'images']]);
    const recognise = index.search('recognise speech', { limit: 10 }).hits[0]!;
    expect([recognise.slug, recognise.terms]).toEqual(['dictation', ['recognise', 'speech']]);
  });
});

describe('a transactional-email listing', () => {
  it('is not a blockchain-data one, and its matchedOn does not say so', () => {
    const index = indexOf([
      listing('mailer', 'Mailer', 'Email API and SMTP for sending transactional and bulk emails', 'Email'),
      listing('chain', 'Chain', 'Blockchain transactions and wallets of Ethereum', 'Blockchain'),
    ]);
    const email = index.search('send transactional email', { limit: 10 });
    expect(email.hits[0]!.slug).toBe('mailer');
    expect(email.hits.find((hit) => hit.slug === 'mailer')!.capabilities).not.toContain('blockchain data');
    expect(index.search('blockchain transaction data', { limit: 10 }).hits[0]!.slug).toBe('chain');
  });
});

describe('vocabulary collisions (issue 14): a capability is credited only where the listing names that capability', () => {
  it('has no phrase on two capabilities\' lines, compared as the stems the engine reads', () => {
    const lines = new Map<string, string[]>();
    for (const capability of parseVocabulary(CAPABILITY_VOCABULARY_TEXT, (phrase) => analyzeText(phrase).sequence)) {
      for (const phrase of [...capability.phrases, ...capability.needPhrases]) lines.set(phrase.join(' '), [...(lines.get(phrase.join(' ')) ?? []), capability.label]);
    }
    expect([...lines].filter(([, labels]) => new Set(labels).size > 1)).toEqual([]);
  });

  const index = indexOf([
    listing('bikes', 'Bikes', 'Self-service bicycles in 400 cities'),
    listing('roads', 'Roads', 'Live road traffic and parking data'),
    listing('workouts', 'Workouts', 'Database of workouts, exercises and muscles'),
    listing('foods', 'Foods', 'Verified nutrition database of foods'),
    listing('huddle', 'Huddle', 'Team instant messaging'),
    listing('league', 'League', 'Scores, fixtures, teams and players of every league'),
    listing('cipher', 'Cipher', 'Encrypting and decrypting text messages'),
    listing('texter', 'Texter', 'Send SMS worldwide'),
    listing('sandbox', 'Sandbox', 'Malware analysis of files and URLs'),
    listing('fingerprint', 'Fingerprint', 'Fraud detection from browser fingerprints'),
  ]);

  it('an item for sale names no sales pipeline: "sales" alone is no CRM, a sales team\'s deals are', () => {
    const crm = indexOf([
      listing('pipeline', 'Pipeline', 'Track deals through the sales pipeline of a sales team', 'CRM'),
      listing('market', 'Market', 'Marketplace where sellers offer second-hand items', 'Shopping'),
      ...unrelated(30),
    ]);
    expect(capabilityUnitsOf(crm, 'list a second-hand item for sale')).not.toContain('crm');
    expect(capabilityUnitsOf(crm, "track deals in our sales team's pipeline")).toContain('crm');
    expect(creditedBy(crm, "track deals in our sales team's pipeline", 'pipeline')).toContain('crm');
  });

  it('a traffic and parking listing does not serve bike sharing', () => {
    expect(index.search('bike sharing stations', { limit: 10 }).hits[0]!.slug).toBe('bikes');
    expect(creditedBy(index, 'bike sharing stations', 'roads')).toEqual([]);
  });

  it('a nutrition listing does not serve a fitness database', () => {
    expect(index.search('fitness database', { limit: 10 }).hits[0]!.slug).toBe('workouts');
    // Its nutrition is no fitness, and a database of foods is a collection, not a storage service.
    expect(creditedBy(index, 'fitness database', 'foods')).toEqual([]);
  });

  it('"teams" is neither chat nor sports on its own: a team chat is no league, a league is no chat', () => {
    expect(index.search('nba teams and players', { limit: 10 }).hits[0]!.slug).toBe('league');
    expect(creditedBy(index, 'nba teams and players', 'huddle')).not.toContain('sports');
    expect(creditedBy(index, 'post messages to microsoft teams', 'league')).not.toContain('chat platforms');
  });

  it('a malware scanner does not serve fraud detection: security is several capabilities, not one', () => {
    expect(index.search('detect payment fraud', { limit: 10 }).hits[0]!.slug).toBe('fingerprint');
    expect(creditedBy(index, 'detect payment fraud', 'sandbox')).toEqual([]);
  });

  it('words API documents mostly use in another sense name no capability: webhook events, batch jobs, object properties, historical data, custom fields', () => {
    const api = indexOf([
      listing('hooks', 'Hooks', 'Subscribe to webhook events and run batch jobs'),
      listing('objects', 'Objects', 'Read object properties, custom fields and historical data'),
    ]);
    const capabilities = (need: string) => api.search(need, { limit: 10 }).hits.flatMap((hit) => hit.capabilities);
    expect(capabilities('concerts and events near me')).not.toContain('events');
    expect(capabilities('remote jobs for developers')).not.toContain('jobs');
    expect(capabilities('property prices and homes for sale')).not.toContain('real estate');
    expect(capabilities('museums and history of art')).not.toContain('art and culture');
    expect(capabilities('manage customers and sales leads')).not.toContain('crm');
  });

  it('a forum\'s moderation tools are not content moderation: moderating a community is people deciding, not a classifier', () => {
    const api = indexOf([
      listing('forum', 'Forum', 'Posts, comments and users, with moderation tools for community moderators'),
      listing('classifier', 'Classifier', 'Score comments for toxicity and hate speech'),
      listing('images', 'Image Moderation', 'Blocks images with nudity'),
    ]);
    expect(creditedBy(api, 'flag toxic user comments', 'forum')).not.toContain('content moderation');
    expect(creditedBy(api, 'flag toxic user comments', 'classifier')).toContain('content moderation');
    expect(creditedBy(api, 'image moderation for uploads', 'images')).toContain('content moderation');
    expect(api.search('flag toxic user comments', { limit: 10 }).hits[0]!.slug).toBe('classifier');
  });

  it('a place name or a place ID is no places search, and an event subscription is no mailing list', () => {
    const api = indexOf([
      listing('geocoder', 'Geocoder', 'Geocode place names to coordinates and look up place IDs'),
      listing('venues', 'Venues', 'Search places near a location'),
      listing('events', 'Events', 'Create a subscription and list subscribed event types'),
      listing('newsletter', 'Newsletter', 'Add email subscribers to a list'),
    ]);
    expect(creditedBy(api, 'coffee shops near me', 'geocoder')).not.toContain('places search');
    expect(creditedBy(api, 'coffee shops near me', 'venues')).toContain('places search');
    expect(creditedBy(api, 'add a subscriber to our mailing list', 'events')).not.toContain('mailing lists');
    expect(creditedBy(api, 'add a subscriber to our mailing list', 'newsletter')).toContain('mailing lists');
  });

  it('words of cloud and business documents in their own sense name no capability: a schedule, a transaction, a post, a subscription, an export task, a project wiki, a help-centre article, an issued card, a matched city, a traffic policy, a data feed, an intent to receive, an academic council, a coffee shop, a blog publication, a job search engine, a FHIR data store', () => {
    const api = indexOf([
      listing('backups', 'Backups', 'Schedule a backup and list the export tasks'),
      listing('bank', 'Bank', 'List account transactions and balances'),
      listing('config', 'Config', 'Post a configuration and manage notification subscriptions'),
      listing('transit', 'Transit', 'Bus schedules and departures for every stop'),
      listing('devops', 'DevOps', 'Read and write wiki pages of a project'),
      listing('help', 'Help Centre', 'Publish help-centre articles for customers'),
      listing('cards', 'Cards', 'Issue a new gift card and check its balance'),
      listing('addresses', 'Addresses', 'Random addresses with matched city and ZIP'),
      listing('dns', 'DNS', 'Create a traffic policy for a hosted zone'),
      listing('iot', 'IoT', 'Send data to a feed and chart it'),
      listing('notify', 'Notify', "Verify an endpoint owner's intent to receive messages"),
      listing('bots', 'Bots', 'Create an intent and list built-in intents'),
      listing('board', 'School Board', 'Marksheets issued by the state academic council'),
      listing('pictures', 'Coffee', 'Random pictures of coffee'),
      listing('blog', 'Blog', 'Manage the posts and members of a publication'),
      listing('jobs', 'Jobs', 'Job search engine'),
      listing('records', 'Records', 'Create a FHIR data store for patient records'),
    ]);
    expect(creditedBy(api, 'bus schedules', 'transit')).toContain('transport and transit');
    expect(creditedBy(api, 'train schedules near me', 'backups')).not.toContain('transport and transit');
    expect(creditedBy(api, 'manage my tasks', 'backups')).not.toContain('project management');
    expect(creditedBy(api, 'ethereum transactions of a wallet', 'bank')).not.toContain('blockchain data');
    expect(creditedBy(api, 'schedule social media posts', 'config')).not.toContain('social media');
    expect(creditedBy(api, 'recurring subscriptions for my saas', 'config')).not.toContain('subscription billing');
    expect(creditedBy(api, 'encyclopedia entries from a wiki', 'devops')).not.toContain('encyclopedia');
    expect(creditedBy(api, 'breaking news articles', 'help')).not.toContain('news');
    expect(creditedBy(api, 'track issues and bugs for my project', 'cards')).not.toContain('project management');
    expect(creditedBy(api, 'live football match results', 'addresses')).not.toContain('sports');
    expect(creditedBy(api, 'traffic jams on my route', 'dns')).not.toContain('road traffic');
    expect(creditedBy(api, 'news feeds from many sources', 'iot')).not.toContain('news');
    expect(creditedBy(api, 'top music charts this week', 'iot')).not.toContain('music');
    expect(creditedBy(api, 'recognise user intents in chatbot messages', 'notify')).not.toContain('natural language understanding');
    expect(creditedBy(api, 'recognise user intents in chatbot messages', 'bots')).toContain('natural language understanding');
    expect(creditedBy(api, 'scholarly research papers with citation counts', 'board')).not.toContain('research papers');
    expect(api.search('coffee shops near me', { limit: 10 }).units.map((unit) => unit.key)).not.toContain('drinks');
    expect(creditedBy(api, 'books of an author and their publications', 'blog')).not.toContain('books');
    expect(creditedBy(api, 'search engine results for a query', 'jobs')).not.toContain('web search');
    expect(creditedBy(api, 'store key value data', 'records')).not.toContain('json storage');
  });

  it('a password a service keeps is no password tool: a forgot-password step or a database password does not name password generation', () => {
    const api = indexOf([
      listing('accounts', 'Accounts', 'Create forgot password requests and change password'),
      listing('vault', 'Vault', 'Secrets manager storing database credentials'),
      listing('generator', 'Generator', 'Generate random passwords and check password strength'),
    ]);
    expect(creditedBy(api, 'generate strong random passwords', 'accounts')).not.toContain('passwords');
    expect(creditedBy(api, 'generate strong random passwords', 'generator')).toContain('passwords');
    expect(api.search('fetch database passwords from a secrets store', { limit: 10 }).units.map((unit) => unit.key)).not.toContain('passwords');
  });

  it('"text messages" to encrypt are not SMS', () => {
    expect(index.search('send sms messages', { limit: 10 }).hits[0]!.slug).toBe('texter');
    expect(creditedBy(index, 'send sms messages', 'cipher')).not.toContain('sms messaging');
  });

  it('a need may put one word inside a two-word phrase, a listing may not: "pay marketplace sellers" names payouts', () => {
    const payouts = indexOf([listing('payouts', 'Payouts', 'Pay sellers in bulk'), listing('shop', 'Shop', 'Pay marketplace sellers a commission report')]);
    expect(payouts.search('pay marketplace sellers every week', { limit: 10 }).units.map((unit) => unit.key)).toContain('payouts');
    expect(payouts.search('pay marketplace sellers every week', { limit: 10 }).hits.find((hit) => hit.slug === 'shop')?.capabilities ?? []).not.toContain('payouts');
    expect(payouts.search('pay marketplace sellers every week', { limit: 10 }).hits.find((hit) => hit.slug === 'payouts')?.capabilities).toContain('payouts');
  });

  it('"text messages" in a need still ask for SMS, though a listing\'s text messages may be anything', () => {
    expect(index.search('collect text messages our customers send', { limit: 10 }).units.map((unit) => unit.key)).toContain('sms messaging');
  });
});

describe('a word almost no listing uses weighs at most an idf of 6 in a need\'s coverage (ADR 32)', () => {
  // 1,000 listings about other things, a dozen encyclopedias, the one that serves the need, and one that happens to say "paragraph".
  const filler = Array.from({ length: 1000 }, (_, i) => listing(`filler-${i}`, `Filler ${i}`, i < 12 ? `Encyclopedia of topic ${i}` : `Data about topic ${i % 50} for dashboards`));
  const index = indexOf([...filler, listing('almanac', 'Almanac', 'Encyclopedia entries and articles'), listing('typeset', 'Typeset', 'Format a paragraph of text')]);

  it('counts each unit at min(idf, 6) in coverage, so rare details of the need ("intro", "paragraph", "opening") weigh less than at their full idf', () => {
    const need = 'encyclopedia entries intro paragraph opening';
    const result = index.search(need, { limit: 5 });
    const hit = result.hits[0]!;
    expect(hit.slug).toBe('almanac');
    const unknownIdf = Math.log(1 + (index.size + 0.5) / 0.5);
    const coverage = (cap: number) => {
      const weight = (unit: { idf: number; weight: number }) => Math.min(unit.idf, cap) * unit.weight;
      const matched = result.units.filter((unit) => hit.terms.includes(unit.key) || hit.capabilities.includes(unit.key) || (unit.kind === 'term' && ['encyclopedia', 'entries'].some((word) => unit.key === word || word.startsWith(unit.key))));
      const total = result.units.reduce((sum, unit) => sum + weight(unit), 0) + result.unknownTerms.length * Math.min(unknownIdf, cap);
      return matched.reduce((sum, unit) => sum + weight(unit), 0) / total;
    };
    expect(result.unknownTerms.length).toBeGreaterThan(0);
    expect(hit.coverage).toBeCloseTo(coverage(6), 6);
    // At full idf the same listing covers less of the need.
    expect(coverage(Infinity)).toBeLessThan(coverage(6) - 0.02);
  });

  it('still finds nothing for words no listing uses', () => {
    expect(index.search('xyzzy plugh frobnicate', { limit: 5 }).hits).toEqual([]);
  });
});

describe('calls placed and speech synthesized', () => {
  const index = indexOf([
    listing('dialer', 'Dialer', 'Place outbound phone calls and control calls in progress'),
    listing('quota', 'Quota', 'Counts API calls per minute for each key'),
    listing('chatter', 'Chatter', 'Send chat messages to customers'),
    listing('speaker', 'Speaker', 'A service that synthesizes speech from text'),
    listing('scribe', 'Scribe', 'Transcribe speech in audio files'),
  ]);

  it('phoning customers with a spoken message names voice calls, which a voice API serves and an API call counter does not', () => {
    const need = 'phone customers and play a spoken reminder message';
    expect(capabilityUnitsOf(index, need)).toContain('voice calls');
    expect(creditedBy(index, need, 'dialer')).toContain('voice calls');
    expect(creditedBy(index, need, 'quota')).not.toContain('voice calls');
    expect(index.search(need, { limit: 3 }).hits[0]!.slug).toBe('dialer');
  });

  it('a service that synthesizes speech from text is text to speech; one that transcribes speech is not', () => {
    expect(creditedBy(index, 'read articles aloud as spoken audio', 'speaker')).toContain('text to speech');
    expect(creditedBy(index, 'read articles aloud as spoken audio', 'scribe')).not.toContain('text to speech');
  });
});

describe('maps shown apart from maps as a subject', () => {
  const index = indexOf([
    listing('tiles', 'Tiles', 'Serve vector tiles and static map images for web maps'),
    listing('atlas', 'Atlas', 'Create and customize digital maps'),
    listing('router', 'Router', 'Driving directions and route planning on a map'),
    listing('streets', 'Streets', 'Street names and postcodes of a city'),
  ]);

  it('a tile layer or a street map to show names map display, which tile servers and map makers serve and a street-name list does not', () => {
    const need = 'tile layer to show an interactive street map on my site';
    expect(capabilityUnitsOf(index, need)).toContain('map display');
    expect(creditedBy(index, need, 'tiles')).toContain('map display');
    expect(creditedBy(index, need, 'atlas')).toContain('map display');
    expect(creditedBy(index, need, 'streets')).not.toContain('map display');
    expect(index.search(need, { limit: 4 }).hits.slice(0, 2).map((hit) => hit.slug).sort()).toEqual(['atlas', 'tiles']);
  });

  it('directions between two places are maps, not map display', () => {
    expect(capabilityUnitsOf(index, 'driving directions between two addresses')).toEqual(['maps']);
  });
});

describe('images from text asked for in a need', () => {
  const index = indexOf([
    listing('painter', 'Painter', 'Generate images from text with diffusion models'),
    listing('ocr', 'Reader', 'Extract text from an image'),
    listing('vm', 'Cloud', 'Create an image of a virtual machine disk'),
  ]);

  it('names image generation, which a listing that generates images serves and one that reads text in images or images a disk does not', () => {
    const need = 'create images from text prompts';
    expect(capabilityUnitsOf(index, need)).toContain('image generation');
    expect(creditedBy(index, need, 'painter')).toContain('image generation');
    expect(creditedBy(index, need, 'ocr')).not.toContain('image generation');
    expect(creditedBy(index, need, 'vm')).not.toContain('image generation');
  });
});

describe('a Node package as the thing asked about', () => {
  const index = indexOf([
    listing('registry', 'Registry', 'Query information about Node.js libraries'),
    listing('mailer', 'Mailer', 'Send transactional email from Node'),
  ]);

  it('names package registries, though "node" alone is where a call runs', () => {
    expect(creditedBy(index, 'newest published version of a node package', 'registry')).toContain('package registries');
    expect(capabilityUnitsOf(index, 'send transactional email from node')).not.toContain('package registries');
  });
});

describe('language understanding named without "natural"', () => {
  it('is natural language understanding: a service named so serves a need for intents', () => {
    const index = indexOf([listing('understand', 'Language Understanding Service', 'Predictions for text'), listing('lang', 'Languages', 'Names of languages and their codes')]);
    expect(creditedBy(index, 'recognise user intents in chatbot messages', 'understand')).toContain('natural language understanding');
    expect(creditedBy(index, 'recognise user intents in chatbot messages', 'lang')).not.toContain('natural language understanding');
  });
});

describe('electronic signatures', () => {
  const index = indexOf([
    listing('signer', 'Signer', 'Send documents for e-signature and track signing workflows'),
    listing('helpdesk', 'Helpdesk', 'Manage client contracts and tickets'),
    listing('webhooks', 'Hooks', 'Verify the signature of each webhook request'),
  ]);

  it('are a job of their own: a signing service serves a contract to sign, a helpdesk with contracts or a webhook signature does not', () => {
    const need = 'send a contract to a client for electronic signature';
    expect(creditedBy(index, need, 'signer')).toContain('electronic signatures');
    expect(creditedBy(index, need, 'webhooks')).not.toContain('electronic signatures');
    expect(index.search(need, { limit: 3 }).hits[0]!.slug).toBe('signer');
  });
});

describe('searching flights apart from airports, and cloud messaging as push', () => {
  const index = indexOf([
    listing('offers', 'Flight Offers', 'Search for flights and flight offers between cities'),
    listing('airports', 'Airports', 'Search airports by name and code'),
    listing('fcm', 'Cloud Messaging', 'Cloud messaging that delivers messages to apps'),
    listing('chat', 'Chat', 'Deliver chat messages between users'),
  ]);

  it('a flight search is its own job: an airport directory names flights and aviation, not flight search', () => {
    const need = 'search flights between two airports';
    expect(creditedBy(index, need, 'offers')).toContain('flight search');
    expect(creditedBy(index, need, 'airports')).not.toContain('flight search');
  });

  it('cloud messaging is a push service; a chat API that delivers messages is not', () => {
    const need = 'send a push notification to a mobile app';
    expect(creditedBy(index, need, 'fcm')).toContain('push notifications');
    expect(creditedBy(index, need, 'chat')).not.toContain('push notifications');
  });
});

describe('a possessive in a need', () => {
  const index = indexOf([
    listing('cal', 'Calendar', "Create events in a user's calendar"),
    listing('people', 'People', 'Profiles of someone you know, and of users'),
    listing('bank', 'Bank', "Read a customer's account balance"),
  ]);

  it('leaves no stray "s" behind, and counts whose it is as context, not as what is asked', () => {
    const { units } = index.search("schedule a meeting in someone's calendar", { limit: 5 });
    expect(units.map((unit) => unit.key)).not.toContain('s');
    expect(units.find((unit) => unit.key === 'someon')?.weight).toBe(0.1);
    expect(units.find((unit) => unit.key === 'calendar')?.weight).toBe(1);
    expect(index.search("schedule a meeting in someone's calendar", { limit: 3 }).hits[0]!.slug).toBe('cal');
    expect(index.search("the users' account balance", { limit: 3 }).units.find((unit) => unit.key === 'user')?.weight).toBe(0.1);
  });
});

describe('SQL databases apart from JSON bins, and a site that is up', () => {
  const index = indexOf([
    listing('pg', 'Postgres Cloud', 'Managed Postgres databases with SQL queries over HTTP'),
    listing('bin', 'Bin', 'Store JSON in a key-value bin'),
    listing('watch', 'Watch', 'Uptime monitoring that alerts when a website is down'),
    listing('stack', 'Stack', 'Which technologies a website is built with'),
  ]);

  it('a hosted database to query with SQL names SQL databases, which a JSON bin is not', () => {
    const need = 'run a SQL query on a hosted database';
    expect(capabilityUnitsOf(index, need)).toEqual(['sql databases']);
    expect(creditedBy(index, need, 'pg')).toContain('sql databases');
    expect(creditedBy(index, need, 'bin')).not.toContain('sql databases');
  });

  it('whether a website is up asks for uptime monitoring', () => {
    expect(capabilityUnitsOf(index, 'check whether a website is up')).toContain('uptime monitoring');
    expect(index.search('check whether a website is up', { limit: 3 }).hits[0]!.slug).toBe('watch');
  });
});

describe('help-centre articles apart from an encyclopedia', () => {
  const index = indexOf([
    listing('desk', 'Desk', 'Support platform with knowledge-base articles for customers'),
    listing('wiki', 'Wiki', 'Collaboratively edited knowledge base of facts'),
  ]);

  it('a support knowledge base\'s articles are help-centre articles; a collaboratively edited knowledge base is still an encyclopedia', () => {
    expect(creditedBy(index, 'intro paragraph of an encyclopedia article', 'desk')).not.toContain('encyclopedia');
    expect(creditedBy(index, 'intro paragraph of an encyclopedia article', 'wiki')).toContain('encyclopedia');
    expect(creditedBy(index, 'publish help center articles for customers', 'desk')).toContain('help centre articles');
  });
});

describe('prices compared', () => {
  it('"compare prices" names price comparison, as the listings say it the other way round', () => {
    const index = indexOf([listing('shops', 'Shops', 'Price comparison of products across online stores'), listing('fares', 'Fares', 'Compare flight prices between airlines')]);
    expect(capabilityUnitsOf(index, 'compare prices across stores')).toContain('shopping and products');
    expect(creditedBy(index, 'compare prices across stores', 'shops')).toContain('shopping and products');
    expect(creditedBy(index, 'compare prices across stores', 'fares')).not.toContain('shopping and products');
  });
});

describe('a CDN\'s cache', () => {
  it('is purged or invalidated: a CDN that invalidates objects serves a purge, an image CDN without it names no purge', () => {
    const index = indexOf([listing('edge', 'Edge', 'Distributions that cache content; invalidate objects after a deploy'), listing('store', 'Store', 'Store files in buckets')]);
    const need = 'purge the CDN cache for changed files';
    expect(capabilityUnitsOf(index, need)).toContain('cdn caching');
    expect(creditedBy(index, need, 'edge')).toContain('cdn caching');
    expect(creditedBy(index, need, 'store')).not.toContain('cdn caching');
  });
});

describe('a published version', () => {
  it('of an app or a model is no package registry; a Node package still names one', () => {
    const index = indexOf([listing('models', 'Models', 'Train and publish a version of a language app'), listing('registry', 'Registry', 'Package metadata and versions from npm')]);
    expect(creditedBy(index, 'newest published version of a node package', 'models')).not.toContain('package registries');
    expect(creditedBy(index, 'newest published version of a node package', 'registry')).toContain('package registries');
  });
});

describe('the act a need hinders', () => {
  const index = indexOf([
    listing('forms', 'Form Builder', 'Build contact forms and collect form submissions', 'Forms', 'create contact forms. read form submissions'),
    listing('captcha', 'Bot Shield', 'Tell spam bots from people before they post', 'Security', 'score requests for bots. block spam'),
  ]);

  it('counts for less than what the need is about: a bot shield, not a form builder, for stopping bots from submitting a form', () => {
    expect(index.search('stop spam bots from submitting my contact form', { limit: 5 }).hits.map((hit) => hit.slug)).toEqual(['captcha', 'forms']);
    // Asked for as the need itself, the form builder leads.
    expect(firstHitOf(index, 'collect contact form submissions')).toBe('forms');
  });
});

describe('what a fixed act is given', () => {
  const index = indexOf([
    listing('shop', 'Shop Catalog', 'Product descriptions, prices and photos for online shops', 'Shopping', 'read product descriptions. list products'),
    listing('translator', 'Translator', 'Machine translation between many languages', 'Text', 'translate text'),
  ]);

  it('counts for less than the act: a translator, not a product catalogue, for translating product descriptions', () => {
    expect(firstHitOf(index, 'translate product descriptions into german')).toBe('translator');
    // Asked for as the need itself, the catalogue leads.
    expect(firstHitOf(index, 'read product descriptions')).toBe('shop');
  });
  it('takes the language a text is put into as a setting of the act: a translator, not game data that mentions German, for translating into German', () => {
    const withGame = indexOf([
      listing('translator', 'Translator', 'Machine translation between many languages', 'Text', 'translate text'),
      listing('game', 'Monster Guide', 'Game monsters and items with German translations of their names', 'Games', 'list monsters. list weapons'),
      ...unrelated(20),
    ]);
    expect(firstHitOf(withGame, 'translate a paragraph from english to german')).toBe('translator');
    expect(firstHitOf(withGame, 'translate product descriptions into german')).toBe('translator');
    // Asked for as the need itself, the game leads.
    expect(firstHitOf(withGame, 'monster names in german')).toBe('game');
  });
});

describe('spelling and grammar', () => {
  it('is named by proofreading and spell checks, not by a game\'s spells', () => {
    const index = indexOf([
      listing('spells', 'Spellbook', 'Every spell of a fantasy game', 'Games', 'list spells by level'),
      listing('checker', 'Text Checker', 'Find spelling mistakes and grammar errors in text', 'Text', 'check text for grammar errors'),
    ]);
    expect(capabilityUnitsOf(index, 'proofread blog posts')).toContain('spelling and grammar');
    expect(creditedBy(index, 'proofread blog posts', 'checker')).toContain('spelling and grammar');
    expect(creditedBy(index, 'spell check user comments', 'spells')).toEqual([]);
  });
});

describe('paraphrasing', () => {
  it('asks for a text-generation model', () => {
    const index = indexOf([listing('llm', 'Model Host', 'Hosted large language models', 'AI', 'text generation')]);
    expect(capabilityUnitsOf(index, 'paraphrase marketing copy')).toContain('generative ai');
  });
});

describe('payments and geocoding as needs word them', () => {
  const index = indexOf([
    listing('gateway', 'Pay Gateway', 'Accept card payments online', 'Payments', 'accept card payments. issue refunds'),
    listing('places', 'Address Finder', 'Address autocomplete for forms', 'Geocoding', 'address autocomplete'),
  ]);

  it('reads Apple Pay and Google Pay as payments, and "autocomplete addresses" as "address autocomplete"', () => {
    expect(creditedBy(index, 'accept apple pay on my website', 'gateway')).toContain('payments');
    expect(creditedBy(index, 'let customers pay with google pay', 'gateway')).toContain('payments');
    expect(creditedBy(index, 'autocomplete addresses as the user types', 'places')).toContain('geocoding');
  });
});

describe('WhatsApp', () => {
  it('is a channel of its own, not SMS: a WhatsApp API is no answer to text messages, and a WhatsApp need meets the APIs that speak it', () => {
    const index = indexOf([
      listing('whatsapp', 'Chat Business', 'Message customers on WhatsApp from a business number', 'Messaging', 'send whatsapp messages'),
      listing('sms', 'Text Gateway', 'Send and receive SMS', 'Messaging', 'send sms. receive sms replies'),
    ]);
    expect(creditedBy(index, 'collect text message replies', 'whatsapp')).not.toContain('sms messaging');
    expect(creditedBy(index, 'collect text message replies', 'sms')).toContain('sms messaging');
    expect(creditedBy(index, 'hold whatsapp conversations with customers', 'whatsapp')).toContain('whatsapp messaging');
  });
});

describe('flight delay prediction', () => {
  it('is no flight status: a predictor of how late a flight may be does not tell whether it is delayed', () => {
    const index = indexOf([
      listing('predictor', 'Flight Delay Prediction', 'Predict how late a flight is likely to be', 'Travel', 'predict the delay range of a flight'),
      listing('status', 'Flight Status', 'Status of a scheduled flight', 'Travel', 'retrieve flight status. tell apart delayed flights'),
    ]);
    expect(creditedBy(index, 'is a particular flight delayed', 'status')).toContain('flight status');
    expect(creditedBy(index, 'is a particular flight delayed', 'predictor')).not.toContain('flight status');
    expect(creditedBy(index, 'predict flight delays', 'predictor')).toContain('flight delay prediction');
  });
});

describe('natural language understanding', () => {
  it('is named by a runtime that returns "the recognised intent"', () => {
    const index = indexOf([listing('runtime', 'Bot Runtime', 'Send user text to a bot and get back the recognised intent', 'Text', 'send text input to a bot')]);
    expect(creditedBy(index, 'recognise user intents in chat messages', 'runtime')).toContain('natural language understanding');
  });
});

describe('inbound messages', () => {
  it('are named by replies a need collects and by listings that receive SMS, not by sending alone', () => {
    const index = indexOf([
      listing('two-way', 'Text Gateway', 'Send and receive SMS from a virtual number', 'Messaging', 'send sms. receive sms through webhooks'),
      listing('blast', 'Text Blaster', 'Send bulk SMS campaigns', 'Messaging', 'send sms in bulk'),
    ]);
    expect(capabilityUnitsOf(index, 'collect text-message replies customers send')).toContain('inbound messages');
    expect(creditedBy(index, 'collect text-message replies customers send', 'two-way')).toContain('inbound messages');
    expect(creditedBy(index, 'collect text-message replies customers send', 'blast')).not.toContain('inbound messages');
  });
});

describe('blockchain data', () => {
  it('is no accounting ledger and no payment wallet: a crypto wallet or a distributed ledger names it', () => {
    const index = indexOf([
      listing('books', 'Books Online', 'Accounting with a general ledger and sales invoices', 'Business', 'post entries to the general ledger. list sales'),
      listing('chain', 'Chain Data', 'NFT sales and crypto wallet activity', 'Crypto', 'list nft sales. read crypto wallet transactions'),
    ]);
    expect(creditedBy(index, 'list nft sales for a collection', 'books')).not.toContain('blockchain data');
    expect(creditedBy(index, 'list nft sales for a collection', 'chain')).toContain('blockchain data');
    expect(capabilityUnitsOf(index, 'pay with a digital wallet')).not.toContain('blockchain data');
  });
});

describe('a brand the need names', () => {
  it('covers its part whole when matched in the name of the few listings that use the word, and at half when many names use it', () => {
    const index = indexOf([
      listing('pager', 'Pagerbrand', 'Incident response and on-call schedules', 'Monitoring', 'create incidents'),
      ...['one', 'two', 'three', 'four'].map((n) => listing(`glass-${n}`, `Glass ${n}`, 'Marine conditions at sea', 'Misc', 'get tides')),
      listing('other', 'Other Box', 'omega', 'Misc', 'omega'),
    ]);
    expect(index.search('pagerbrand', { limit: 3 }).hits[0]?.coverage).toBe(1);
    expect(index.search('glass', { limit: 3 }).hits[0]?.coverage).toBe(0.5);
  });
});

describe('TLS certificates', () => {
  it('are named by ordering, issuing, renewing and revoking a certificate, as certificate authorities say it', () => {
    const index = indexOf([listing('ca', 'Cert Shop', 'Order certificates for domains', 'Security', ['download an issued certificate', 'renew or revoke a certificate'].join('\n'))]);
    expect(creditedBy(index, 'issue and auto-renew tls certificates for my domains', 'ca')).toContain('tls certificates');
  });

  it('are not a registration board\'s renewal certificate', () => {
    const index = indexOf([listing('board', 'Pharmacy Board', 'Verify registration and renewal certificates of pharmacists', 'Government', 'verify a renewal certificate')]);
    expect(creditedBy(index, 'issue and auto-renew tls certificates for my domains', 'board')).not.toContain('tls certificates');
  });
});

describe('a platform the need names', () => {
  it('is covered only by a listing that names it, not by every API of its kind', () => {
    const index = indexOf([
      listing('forum', 'Forum Board', 'Posts and comments of a social network', 'Social', 'read posts and comments'),
      listing('gram', 'Photo Graph', 'Instagram professional accounts', 'Social', 'moderate comments on instagram media'),
    ]);
    const { hits } = index.search('get instagram post comments', { limit: 5 });
    expect(hits[0]?.slug).toBe('gram');
    expect(hits.find((hit) => hit.slug === 'forum')!.coverage).toBeLessThan(1);
    expect(creditedBy(index, 'get instagram post comments', 'forum')).toContain('social media');
  });
});

describe('vessel tracking', () => {
  it('is named by vessels and IMO numbers', () => {
    const index = indexOf([listing('ais', 'Sea Watch', 'AIS vessel positions filtered by MMSI or IMO number', 'Transport', 'get vessel positions in an area')]);
    expect(creditedBy(index, 'live positions of vessels near a port', 'ais')).toContain('vessel tracking');
    expect(capabilityUnitsOf(index, 'track a ship by its imo number')).toContain('vessel tracking');
  });
});

describe('uptime monitoring', () => {
  it('is no vote "up or down": a site that is down names it, a dog picture voted up or down does not', () => {
    const index = indexOf([
      listing('dogs', 'Dog Pictures', 'Random dog pictures', 'Animals', 'vote images up or down'),
      listing('pinger', 'Site Pinger', 'Checks sites every minute', 'Monitoring', 'alert when a website is down'),
    ]);
    expect(creditedBy(index, 'alert me when my website stops responding', 'pinger')).toContain('uptime monitoring');
    expect(creditedBy(index, 'alert me when my website stops responding', 'dogs')).toEqual([]);
  });
});

describe('content moderation', () => {
  it('is named by classifying NSFW content, not by a switch that filters it out of a picture feed', () => {
    const index = indexOf([
      listing('waifus', 'Waifu Pictures', 'Anime pictures with a safe-or-NSFW switch', 'Anime', 'filter images by NSFW status'),
      listing('vision', 'Vision Kit', 'Image labels and NSFW classification', 'Vision', 'classify images'),
    ]);
    expect(creditedBy(index, 'flag nsfw images users upload', 'vision')).toContain('content moderation');
    expect(creditedBy(index, 'flag nsfw images users upload', 'waifus')).toEqual([]);
  });
});

describe('places search', () => {
  it('is asked for by "nearby" in a need, but a listing that mentions nearby features is no places search', () => {
    const index = indexOf([
      listing('reverse', 'Land Map', 'Reverse geocoding that also returns nearby features such as parks', 'Geocoding', 'reverse geocode a point'),
      listing('places', 'Place Finder', 'Search places near a point', 'Places', 'find restaurants near a point'),
    ]);
    expect(capabilityUnitsOf(index, 'restaurants nearby')).toContain('places search');
    expect(creditedBy(index, 'restaurants nearby', 'places')).toContain('places search');
    expect(creditedBy(index, 'restaurants nearby', 'reverse')).toEqual([]);
  });
});

describe('precipitation', () => {
  it('is a capability of its own inside weather: a need for rain meets a minute-by-minute precipitation forecast before a plain forecast', () => {
    const index = indexOf([
      listing('plain', 'City Weather', 'Weather forecasts for cities', 'Weather', 'get the weather forecast for a city'),
      listing('nowcast', 'Sky Data', 'Weather forecasts for coordinates', 'Weather', 'get minute-by-minute precipitation forecasts'),
    ]);
    expect(capabilityUnitsOf(index, 'will it rain here within the next hour')).toContain('precipitation');
    expect(firstHitOf(index, 'will it rain here within the next hour')).toBe('nowcast');
  });
});

describe('book before a determiner or a thing one books', () => {
  const index = indexOf([
    listing('library', 'Free Reads', 'Books and audiobooks of a public library', 'Books', 'search books by author'),
    listing('meetings', 'Slot Finder', 'Let customers book meetings in free calendar slots', 'Calendar', 'book a meeting with a host'),
    ...unrelated(10),
  ]);

  it('is the act of booking, not a book', () => {
    expect(firstHitOf(index, 'book a meeting slot with a customer')).toBe('meetings');
    expect(creditedBy(index, 'book a meeting slot with a customer', 'library')).not.toContain('books');
  });

  it('is booking in "books restaurant tables" too, and a book in "books by a given author"', () => {
    expect(analyzeText('an agent that books restaurant tables').terms).toContain('booking');
    expect(analyzeText('books by a given author').terms).not.toContain('booking');
  });

  it('is still a book anywhere else', () => {
    expect(firstHitOf(index, 'find a book by its author')).toBe('library');
  });
});

describe('unit conversion', () => {
  it('is named by the units a need converts between: "convert celsius to fahrenheit" meets a converter that says unit conversion, not a file converter', () => {
    const index = indexOf([
      listing('units', 'Tool Box', 'Hashing, encoding and unit conversion endpoints', 'Developer Tools', 'convert between units of measurement'),
      listing('files', 'File Shift', 'Convert documents and images between formats', 'Documents', 'convert a file to pdf'),
    ]);
    expect(creditedBy(index, 'convert celsius to fahrenheit', 'units')).toContain('unit conversion');
    expect(firstHitOf(index, 'convert celsius to fahrenheit')).toBe('units');
  });
});

describe('dns management', () => {
  const index = indexOf([
    listing('lookup', 'Domain Check', 'Look up DNS records and the health of a domain', 'Networking', 'look up a domain\'s dns records'),
    listing('zones', 'Zone Host', 'Authoritative DNS for your domains: hosted zones and their record sets', 'Networking', 'create dns records in a hosted zone'),
    ...unrelated(8),
  ]);

  it('is apart from looking records up: "set up a dns record for my domain" meets the host of zones first', () => {
    expect(firstHitOf(index, 'set up a dns record for my domain')).toBe('zones');
  });

  it('leaves a lookup need to the lookup', () => {
    expect(firstHitOf(index, 'dns lookup records for a domain')).toBe('lookup');
  });
});

describe('message queues and event streams', () => {
  it('are a capability: "stream events between services" meets an event bus, not any API that streams or has events', () => {
    const index = indexOf([
      listing('bus', 'Event Router', 'A serverless event bus that routes events between applications', 'Cloud', 'put events on an event bus'),
      listing('analytics', 'Site Stats', 'Data streams and events of a website property', 'Analytics', 'list data streams\nget events between dates'),
      ...unrelated(8),
    ]);
    expect(creditedBy(index, 'stream events between services', 'bus')).toContain('message queues and event streams');
    expect(firstHitOf(index, 'stream events between services')).toBe('bus');
  });
});

describe('a mailbox', () => {
  it('is an inbox by another name: a mail API that reads "a user\'s mailbox" serves "read my mail inbox"', () => {
    const index = indexOf([
      listing('mail', 'Postbox', 'Read, send and search messages in a user\'s mailbox', 'Email', 'list and read messages'),
      listing('notes', 'Note Box', 'Read and search notes in a notebook', 'Notes', 'list and read notes'),
      ...unrelated(8),
    ]);
    expect(creditedBy(index, 'read my postbox inbox', 'mail')).toContain('email sending');
    expect(firstHitOf(index, 'read the messages in my inbox')).toBe('mail');
  });
});

describe('electronic signatures', () => {
  it('are named by signing a pdf or a contract, as people ask for them: "sign a pdf electronically" meets a signing API, not an electronics institute', () => {
    const index = indexOf([
      listing('sign', 'Sign Flow', 'Send documents for electronic signature and track them', 'Documents', 'create a signature request'),
      listing('institute', 'Electronics Institute', 'Certificates issued electronically as PDF', 'Government', 'download a certificate pdf'),
      ...unrelated(8),
    ]);
    expect(capabilityUnitsOf(index, 'sign a pdf electronically')).toContain('electronic signatures');
    expect(firstHitOf(index, 'sign a pdf electronically')).toBe('sign');
    expect(capabilityUnitsOf(index, 'get a contract signed by a customer')).toContain('electronic signatures');
  });
});

describe('document conversion', () => {
  it('is named by converting a pdf to word or excel, not only by "pdf", which names generating one', () => {
    const index = indexOf([listing('conv', 'Any Format', 'Convert files between formats such as DOCX and PDF', 'Documents', 'convert a file from one format to another')]);
    expect(capabilityUnitsOf(index, 'convert a pdf to word')).toContain('document conversion');
    expect(creditedBy(index, 'convert a pdf to word', 'conv')).toContain('document conversion');
  });
});

describe('a repo', () => {
  it('is a repository, as developers shorten it', () => {
    const index = indexOf([listing('hub', 'Code Hub', 'Host Git repositories and review pull requests', 'Developer Tools', 'create and list repositories')]);
    expect(creditedBy(index, 'clone a repo', 'hub')).toContain('source code hosting');
  });
});

describe('a ticker, options and insider trading', () => {
  const index = indexOf([
    listing('stocks', 'Equity Data', 'Stock quotes, options chains, earnings calendars and SEC filings', 'Finance', 'get stock quotes\nlist insider trading filings'),
    listing('exchange', 'Coin Market', 'A crypto exchange: order book, ticker and trading of bitcoin pairs', 'Cryptocurrency', 'get the ticker of a pair\nplace orders'),
    ...unrelated(8),
  ]);

  it('are the stock market\'s words: a bare "ticker" names no crypto exchange, "options chain" and "earnings calendar" name stocks', () => {
    expect(capabilityUnitsOf(index, 'options chain for a ticker')).toEqual(['stock market']);
    expect(firstHitOf(index, 'options chain for a ticker')).toBe('stocks');
    expect(capabilityUnitsOf(index, 'company earnings calendar')).toContain('stock market');
  });

  it('"insider trading" names filings, not a crypto exchange\'s trading', () => {
    expect(capabilityUnitsOf(index, 'insider trading filings')).toContain('financial filings');
    expect(firstHitOf(index, 'insider trading filings')).toBe('stocks');
  });
});

describe('places search in a need', () => {
  it('is named by "nearest" and by autocompleting city names, as a place search answers them', () => {
    const index = indexOf([
      listing('places', 'Place Finder', 'Search points of interest near coordinates, with place details', 'Maps', 'search places near a location\nplace autocomplete'),
      listing('covid', 'Case Tracker', 'Covid cases and hospital locations by region', 'Health', 'get hospital locations'),
      ...unrelated(8),
    ]);
    expect(capabilityUnitsOf(index, 'find the nearest hospital to a location')).toContain('places search');
    expect(creditedBy(index, 'find the nearest hospital to a location', 'places')).toContain('places search');
    expect(creditedBy(index, 'find the nearest hospital to a location', 'covid')).not.toContain('places search');
    expect(capabilityUnitsOf(index, 'autocomplete city names as the user types')).toContain('places search');
  });
});

describe('seo', () => {
  it('is a capability, and a search volume in a need is a keyword\'s, not a library\'s volumes', () => {
    const index = indexOf([
      listing('seo', 'Rank Watch', 'SEO monitoring: where a domain ranks for a keyword, and its backlinks', 'Marketing', 'check keyword rankings'),
      listing('books', 'Book Search', 'Search volumes by title, author or ISBN', 'Books', 'search volumes by text'),
      ...unrelated(8),
    ]);
    expect(firstHitOf(index, 'keyword search volume for seo')).toBe('seo');
    expect(creditedBy(index, 'search volumes by title', 'books')).not.toContain('seo');
  });
});

describe('a drive', () => {
  it('is driving in "15 minutes drive", not cloud storage; isochrones and drive times name maps', () => {
    const index = indexOf([
      listing('routes', 'Route Engine', 'Routing, isochrones and matrices of travel times', 'Maps', 'compute isochrones by drive time'),
      listing('files', 'Cloud Drive', 'Store and share files in a cloud drive', 'Storage', 'upload files to a cloud drive'),
      ...unrelated(8),
    ]);
    expect(capabilityUnitsOf(index, 'draw isochrones of 15 minutes drive')).not.toContain('file storage');
    expect(firstHitOf(index, 'draw isochrones of 15 minutes drive')).toBe('routes');
  });
});

describe('incoming calls', () => {
  it('are voice calls, and routing them is a contact center\'s job, not a delivery route\'s', () => {
    const index = indexOf([
      listing('center', 'Contact Desk', 'A cloud contact center that routes incoming calls to agents', 'Telephony', 'route calls to queues of agents'),
      listing('delivery', 'Route Rider', 'Route delivery riders to available orders', 'Logistics', 'route riders to orders'),
      ...unrelated(8),
    ]);
    expect(capabilityUnitsOf(index, 'route incoming calls to available agents')).toContain('voice calls');
    expect(firstHitOf(index, 'route incoming calls to available agents')).toBe('center');
  });
});

describe('fax and fraud', () => {
  const index = indexOf([
    listing('fax', 'Fax Line', 'Send and receive faxes programmatically', 'Telephony', 'send a fax to a number'),
    listing('clinic', 'Clinic Finder', 'Find a doctor near a location', 'Health', 'search doctors by specialty'),
    listing('fraud', 'Order Guard', 'Fraud detection that scores orders and payments', 'Security', 'screen an order for fraud'),
    listing('gateway', 'Card Gateway', 'Process credit card payments and transactions', 'Payments', 'charge a credit card'),
    ...unrelated(8),
  ]);

  it('sending a fax is a capability, ahead of what the fax is about', () => {
    expect(firstHitOf(index, 'send a fax to a doctor')).toBe('fax');
  });

  it('fraudulent transactions name fraud detection, not the card payments they are made with', () => {
    expect(capabilityUnitsOf(index, 'detect fraudulent credit card transactions')).toContain('fraud detection');
    expect(creditedBy(index, 'detect fraudulent credit card transactions', 'fraud')).toContain('fraud detection');
  });
});

describe('summarization', () => {
  it('is something a model that generates text does: an LLM API meets "summarize text with an LLM" though its listing never says "summarize"', () => {
    const index = indexOf([
      listing('llm', 'Model Cloud', 'Hosted language models', 'AI', 'generate text from a prompt. stream tokens'),
      listing('words', 'Word Counter', 'Counts words in text', 'Text', 'count words in a text'),
    ]);
    expect(creditedBy(index, 'summarize text with an llm', 'llm')).toContain('summarization');
    expect(firstHitOf(index, 'summarize text with an llm')).toBe('llm');
  });

  it('is not a summary of figures: "summarize payouts over a period" does not serve "summarize a long article"', () => {
    const index = indexOf([
      listing('nlp', 'Text Tools', 'Entity extraction, classification, summarization and more', 'AI', 'extract entities. summarization of documents'),
      listing('payouts', 'Seller Funds', 'Payouts of a seller and summaries of their funds', 'Finance', 'summarize payouts over a period\nget a summary of the funds'),
    ]);
    expect(creditedBy(index, 'summarize a long article', 'nlp')).toContain('summarization');
    expect(creditedBy(index, 'summarize a long article', 'payouts')).not.toContain('summarization');
    expect(firstHitOf(index, 'summarize a long article')).toBe('nlp');
  });
});

describe('one-time codes', () => {
  const index = indexOf([
    listing('numbers', 'Number Check', 'Validate phone numbers and look up their carrier and line type', 'Telephony', 'validate a phone number. look up the carrier of a number'),
    listing('codes', 'Code Sender', 'Send and check one-time passcodes over SMS, voice and email', 'Security', 'send a passcode. check a passcode'),
    listing('login', 'Sign Desk', 'User login, sign-up and sessions for web apps', 'Security', 'log users in. sign users up'),
    ...unrelated(20),
  ]);

  it('are what proving a phone number by a code asks for, apart from checking that a number is valid', () => {
    expect(firstHitOf(index, 'verify a phone number with an sms code')).toBe('codes');
    expect(firstHitOf(index, 'send a verification code to a new user')).toBe('codes');
    // Asked whether a number is real, the number checker leads.
    expect(firstHitOf(index, 'validate a phone number and its carrier')).toBe('numbers');
  });

  it('are named by two-factor authentication, and a login service is not named by them', () => {
    expect(firstHitOf(index, 'add two-factor authentication with one-time passwords')).toBe('codes');
    expect(firstHitOf(index, 'let users log in to my web app')).toBe('login');
  });
});

describe('a hyphened participle before a thing', () => {
  const index = indexOf([
    listing('moderation', 'Safe Images', 'Moderate images and video for nudity and violence', 'Security', 'moderate images. moderate video'),
    listing('art', 'Art Maker', 'Generate images from text prompts', 'AI', 'generate images from a prompt'),
    ...unrelated(20),
  ]);

  it('describes what it is given, and names no act: moderation, not an image generator, for moderating user-generated images', () => {
    expect(firstHitOf(index, 'moderate user-generated images')).toBe('moderation');
    expect(index.search('moderate user-generated images', { limit: 5 }).units.map((unit) => unit.key)).not.toContain('image generation');
    // Asked for as the act, the generator leads.
    expect(firstHitOf(index, 'generate images from a prompt')).toBe('art');
  });
});

describe('job scheduling', () => {
  const index = indexOf([
    listing('scheduler', 'Job Scheduler', 'Schedule jobs to run on a recurring schedule and pause or resume them', 'Cloud', 'create scheduled jobs. pause a job'),
    listing('tools', 'Dev Toolbox', 'Developer tools: uuids, regex testing and hashing', 'Developer Tools', 'generate a uuid. test a regex'),
    listing('calendar', 'Meeting Booker', 'Schedule meetings and appointments on shared calendars', 'Productivity', 'book meetings. list appointments'),
    listing('machines', 'Compute', 'Create and start virtual machines in any region', 'Cloud', 'create virtual machines. start and stop instances'),
    ...unrelated(20),
  ]);

  it('is what a cron job is, apart from meetings: a job scheduler for scheduling a cron job', () => {
    expect(firstHitOf(index, 'schedule a cron job in the cloud')).toBe('scheduler');
    expect(firstHitOf(index, 'set up a cron job')).toBe('scheduler');
    expect(firstHitOf(index, 'schedule a meeting with a customer')).toBe('calendar');
  });

  it('has its sibling in virtual machines, named by a vm the need spins up', () => {
    expect(firstHitOf(index, 'spin up a vm')).toBe('machines');
  });
});

describe('serverless functions', () => {
  const index = indexOf([
    listing('functions', 'Function Runner', 'Run code without managing servers: invoke a function on each request', 'Cloud', 'create functions. invoke a function'),
    listing('telco', 'Network Builder', 'Deploy telecom networks from network function packages', 'Cloud', 'upload network function packages. deploy a network'),
    listing('machines', 'Compute', 'Create and start virtual machines in any region', 'Cloud', 'create virtual machines. start and stop instances'),
    ...unrelated(20),
  ]);

  it('are what a need deploys a function for, apart from packages of network functions', () => {
    expect(firstHitOf(index, 'deploy a small function that runs on every request')).toBe('functions');
    expect(index.search('deploy a small function that runs on every request', { limit: 5 }).units.map((unit) => unit.key)).toContain('serverless functions');
    // A network function is not a serverless one.
    expect(firstHitOf(index, 'deploy network function packages')).toBe('telco');
  });
});

describe('a carrier named by a word Porter shortens', () => {
  const index = indexOf([
    listing('carrier', 'UPS', 'Rate, ship and track packages with the carrier', 'Logistics', 'track a package. rate a shipment'),
    listing('couriers', 'Parcel Hub', 'Track parcels across many couriers by tracking number', 'Logistics', 'track a parcel'),
    listing('setup', 'Setup Desk', 'Set up accounts and look up their owners', 'Business', 'set up an account. look up an owner'),
    listing('vessels', 'Ship Monitor', 'Track ships and their positions at sea', 'Transportation', 'track ships. read vessel positions'),
    ...unrelated(20),
  ]);

  it('is the UPS a need names, not the "up" of "set up", and a parcel shipped is no ship at sea', () => {
    const found = index.search('track a parcel shipped with ups', { limit: 5 });
    expect(found.hits.map((hit) => hit.slug).slice(0, 2).sort()).toEqual(['carrier', 'couriers']);
    expect(found.hits.map((hit) => hit.slug)).not.toContain('setup');
    expect(found.units.map((unit) => unit.key)).not.toContain('vessel tracking');
    // A ship is still tracked as one.
    expect(firstHitOf(index, 'track a ship at sea')).toBe('vessels');
  });
});

describe('email validation asked as whether an address is valid', () => {
  const index = indexOf([
    listing('checker', 'Mail Checker', 'Validate email addresses by syntax, domain and mailbox checks', 'Email', 'validate an email address. detect disposable addresses'),
    listing('login', 'Login Box', 'User signup and login with passwords and magic links', 'Security', 'sign users up. log users in'),
    ...unrelated(20),
  ]);

  it('is named by "is valid", and an act the need comes before ("before signup") says when, not what', () => {
    const found = index.search('check if an email address is valid before signup', { limit: 5 });
    expect(found.hits[0]?.slug).toBe('checker');
    expect(found.units.map((unit) => unit.key)).toContain('email validation');
  });
});

describe('web hosting', () => {
  const index = indexOf([
    listing('host', 'Site Host', 'Web hosting and deployment platform whose API manages sites and deploys', 'Cloud', 'create deploys. manage sites'),
    listing('scanner', 'Header Scanner', 'Scan the HTTP headers a website sends for security issues', 'Security', 'scan a host. grade a website'),
    ...unrelated(20),
  ]);

  it('is what a need hosting a static website asks for, not a scanner of the headers a host sends', () => {
    expect(firstHitOf(index, 'host a static website')).toBe('host');
  });
});

describe('identity verification', () => {
  const index = indexOf([
    listing('kyc', 'ID Check', 'Verify people for KYC from their ID documents and a selfie', 'Security', 'scan an ID document. compare a selfie'),
    listing('signin', 'Sign-In Box', 'Sign users in with their social accounts', 'Security', 'authenticate users. verify identity. manage tokens'),
    listing('rates', 'Rate Feed', 'Live exchange rates for every currency', 'Finance', 'convert an amount between currencies'),
    ...unrelated(20),
  ]);

  it('is what verifying a user\'s identity document asks for, not a sign-in service that "verifies identity", and "live" rates are no liveness check', () => {
    expect(firstHitOf(index, "verify a user's identity document")).toBe('kyc');
    expect(creditedBy(index, "verify a user's identity document", 'signin')).not.toContain('identity verification');
    expect(capabilityUnitsOf(index, 'convert an amount using live exchange rates')).not.toContain('identity verification');
  });
});

describe('video compression', () => {
  const index = indexOf([
    listing('transcoder', 'Media Converter', 'Transcode videos between formats and bitrates', 'Media', 'transcode a video. change its bitrate'),
    listing('ads', 'Video Ads', 'Manage video ad campaigns and their files', 'Advertising', 'upload a video file. manage campaigns'),
    ...unrelated(20),
  ]);

  it('is transcoding: compressing a large video file asks for a transcoder, not an ads manager that stores video files', () => {
    expect(firstHitOf(index, 'compress a large video file')).toBe('transcoder');
  });
});

describe('needs that name a capability by what it returns or where it reaches', () => {
  const index = indexOf([
    listing('mood', 'Text Mood', 'Score the sentiment of reviews and comments', 'AI', 'score sentiment. detect entities'),
    listing('reviews', 'Rating Widgets', 'Show star ratings on product pages', 'E-commerce', 'embed ratings. show stars'),
    listing('iso', 'Reach Areas', 'Compute isochrones: the area reachable within a drive time', 'Maps', 'compute isochrones. plan routes'),
    listing('drive', 'Cloud Drive', 'Store and share files in a cloud drive for customers', 'Storage', 'upload files. share a drive'),
    listing('addresses', 'Address Finder', 'Geocode addresses and autocomplete them', 'Maps', 'autocomplete addresses. geocode an address'),
    listing('checkout', 'Checkout Box', 'Hosted checkout pages that take card payments', 'Payments', 'take card payments. send receipts'),
    ...unrelated(20),
  ]);

  it('reads "positive, negative or neutral" as sentiment, which text analysis serves', () => {
    expect(capabilityUnitsOf(index, 'label each new product review as positive, negative or neutral')).toContain('text analysis');
  });

  it('reads a drive of some minutes, and what customers can reach within it, as isochrones, apart from maps at large', () => {
    expect(capabilityUnitsOf(index, 'outline the area customers can reach within a 15-minute drive of our stores')).toContain('isochrones');
    expect(creditedBy(index, 'outline the area customers can reach within a 15-minute drive of our stores', 'drive')).not.toContain('isochrones');
    expect(firstHitOf(index, 'outline the area customers can reach within a 15-minute drive of our stores')).toBe('iso');
  });

  it('reads postal addresses as address data, which geocoders serve', () => {
    expect(capabilityUnitsOf(index, 'suggest full postal addresses while the customer types into our checkout form')).toContain('geocoding');
  });
});

describe('a possessor between the words of a phrase', () => {
  const index = indexOf([
    listing('cards', 'Card Charger', 'Take card payments online', 'Payments', 'charge credit cards. refund a charge'),
    listing('shoppers', 'Shopper Insights', 'Profiles of shoppers and the stores they visit', 'Analytics', 'profile shoppers. list stores'),
    ...unrelated(20),
  ]);

  it('says whose thing it is, and the phrase around it still names its capability: "charge a shopper\'s credit card" charges a credit card', () => {
    expect(capabilityUnitsOf(index, "charge a shopper's credit card when they check out")).toContain('payments');
    expect(firstHitOf(index, "charge a shopper's credit card when they check out")).toBe('cards');
  });
});

describe('crypto payments, and an address asked as real', () => {
  const index = indexOf([
    listing('gateway', 'Coin Checkout', 'A crypto payment gateway: invoices customers pay in crypto', 'Payments', 'create invoices paid in crypto. withdraw funds'),
    listing('prices', 'Coin Prices', 'Bitcoin and crypto prices and market data', 'Finance', 'get the bitcoin price. list coins'),
    listing('checker', 'Mail Checker', 'Validate email addresses by syntax and mailbox checks', 'Email', 'validate an email address'),
    ...unrelated(20),
  ]);

  it('are what accepting bitcoin asks for, apart from its price; and an email address asked as real is to be validated', () => {
    expect(firstHitOf(index, 'accept bitcoin payments in my shop')).toBe('gateway');
    expect(creditedBy(index, 'accept bitcoin payments in my shop', 'gateway')).toContain('crypto payments');
    expect(creditedBy(index, 'accept bitcoin payments in my shop', 'prices')).not.toContain('crypto payments');
    expect(capabilityUnitsOf(index, 'check that an email address is real before creating the account')).toContain('email validation');
  });
});

describe('chat with a model', () => {
  const index = indexOf([
    listing('llm', 'Model Host', 'Hosted models that write text', 'AI', 'generate chat replies. embed text'),
    listing('team', 'Team Chat', 'Chat channels and direct messages for teams', 'Communication', 'post to a chat channel. send direct messages'),
    ...unrelated(20),
  ]);

  it('is generative AI, not a chat platform, when a need asks for multi-turn chat or a listing writes chat replies', () => {
    expect(creditedBy(index, 'multi-turn chat with a hosted model', 'llm')).toContain('generative ai');
    expect(creditedBy(index, 'multi-turn chat with a hosted model', 'llm')).not.toContain('chat platforms');
    expect(firstHitOf(index, 'multi-turn chat with a hosted model')).toBe('llm');
  });
});

describe('route optimisation and wearable data', () => {
  const index = indexOf([
    listing('routes', 'Route Solver', 'Solve vehicle routing and traveling salesman problems for fleets', 'Maps', 'optimize delivery routes. compute distance matrices'),
    listing('orders', 'Order Desk', 'Manage the orders of a shop', 'E-commerce', 'create orders. refund orders'),
    listing('ring', 'Ring Data', 'Read sleep, heart rate and activity data from a wearable ring', 'Health', 'read heart rate. read sleep data'),
    listing('plans', 'Coach Plans', 'Workout plans from a fitness coach', 'Sports & Fitness', 'list workout plans. book a coach'),
    ...unrelated(20),
  ]);

  it('are what the best order to visit drop-off addresses and the step counts from a wearable ask for', () => {
    expect(capabilityUnitsOf(index, 'the best order to visit 12 drop-off addresses with one van')).toContain('maps');
    expect(firstHitOf(index, 'the best order to visit 12 drop-off addresses with one van')).toBe('routes');
    expect(capabilityUnitsOf(index, "the user's daily step counts from their wearable")).toContain('wearable data');
    expect(firstHitOf(index, "the user's daily step counts from their wearable")).toBe('ring');
  });
});

describe('capabilities named by what a need does with them', () => {
  const index = indexOf([
    listing('pay', 'Pay Box', 'Card payments with refunds and chargebacks', 'Payments', 'accept payments. handle disputes'),
    listing('authz', 'Perm Check', 'Fine-grained permissions for apps', 'Security', 'check permissions. define roles'),
    listing('ocr', 'Receipt Reader', 'OCR for scanned receipts and invoices', 'AI', 'extract text from receipts'),
    listing('images', 'Image Squeezer', 'Image compression and resizing', 'Media', 'compress images. resize images'),
    listing('web', 'Web Finder', 'Web search results as JSON', 'Search', 'search the web'),
    listing('engine', 'Find Engine', 'Hosted search engine with typo-tolerant full-text search over your documents', 'Search', 'index documents. run faceted searches'),
    listing('grammar', 'Grammar Fix', 'Find typos and grammar errors in text', 'AI', 'check spelling. fix typos'),
    listing('stocks', 'Stock Feed', 'Stock prices and quotes', 'Finance', 'get stock quotes'),
    listing('mailer', 'Mail Sender', 'Transactional email delivery over SMTP or HTTP', 'Email', 'send email'),
    ...unrelated(20),
  ]);

  it.each([
    ["respond to a customer's chargeback by submitting evidence", 'payments'],
    ['check whether a user may edit a document in our app', 'authorization'],
    ['pull the total, merchant and date out of photographed receipts', 'ocr'],
    ['compress PNG and JPEG images without visible quality loss', 'image processing'],
    ['my agent needs to find images on the web for a keyword', 'web search'],
    ['add typo-tolerant search to our product catalogue', 'search engines'],
    ['pull daily closing prices for a list of tickers over five years', 'stock market'],
    ['send order-confirmation emails from our backend using an HTML template', 'email sending'],
  ])('"%s" names %s', (need, capability) => {
    expect(capabilityUnitsOf(index, need)).toContain(capability);
  });

  it('credits a hosted search engine that is typo-tolerant with search, not spelling', () => {
    expect(creditedBy(index, 'add typo-tolerant search to our product catalogue', 'engine')).toContain('search engines');
    expect(creditedBy(index, 'add typo-tolerant search to our product catalogue', 'engine')).not.toContain('spelling and grammar');
    expect(firstHitOf(index, 'add typo-tolerant search to our product catalogue')).toBe('engine');
  });
});

describe('a crop', () => {
  const index = indexOf([listing('images', 'Image Squeezer', 'Crop and resize images on the fly', 'Media', 'crop images. resize images'), ...unrelated(20)]);

  it('is image processing when an image is cropped, not when a field grows one', () => {
    expect(capabilityUnitsOf(index, 'crop an image to a square')).toContain('image processing');
    expect(capabilityUnitsOf(index, 'daily rainfall for our crop-yield model')).not.toContain('image processing');
  });
});

describe('stock photos', () => {
  const index = indexOf([
    listing('stock', 'Free Pics', 'Free high-resolution photos for any project', 'Media', 'search free photos. download stock images'),
    listing('faces', 'Face Finder', 'Detect faces in images and return their bounding boxes', 'AI', 'detect faces. compare faces'),
    ...unrelated(20),
  ]);

  it('are what free or stock photos ask for, not any photo a need hands over', () => {
    expect(capabilityUnitsOf(index, 'free high-resolution stock photos for blog headers')).toContain('stock photos');
    expect(capabilityUnitsOf(index, 'detect the faces in an uploaded photo')).not.toContain('stock photos');
    expect(firstHitOf(index, 'detect the faces in an uploaded photo')).toBe('faces');
  });
});

describe("senses read from a fourth probe of everyday needs (and the fifth probe's empty answers)", () => {
  const index = indexOf([
    listing('llm', 'Text Model', 'Hosted language model that can generate text', 'AI', 'generate text. answer questions'),
    listing('headlines', 'Headline Wire', 'Breaking news articles and summaries from thousands of sources', 'News', 'search news articles. get article summaries'),
    listing('otp', 'Code Sender', 'One-time codes by SMS for two-factor login', 'Security', 'send one-time codes. verify codes'),
    listing('ranker', 'Result Ranker', 'Rerank search results by relevance to a query', 'AI', 'rerank search results'),
    listing('verses', 'Verse Finder', 'Passages and verses of classic texts', 'Books', 'get passages by book and chapter'),
    listing('vision', 'Seeing Eye', 'Computer vision that can describe an image in complete sentences', 'AI', 'describe an image. tag objects'),
    listing('sitegen', 'Site Writer', 'Write website copy for landing pages', 'Marketing', 'write website copy'),
    listing('storms', 'Storm Watch', 'Severe weather warnings and storm alerts', 'Weather', 'get weather warnings'),
    listing('fda', 'Drug Facts', 'Public data about drugs and their adverse events', 'Health', 'search adverse events. get drug labels'),
    listing('places', 'Place Finder', 'Place search and geocoding for addresses', 'Maps', 'place search. geocode addresses'),
    listing('logbox', 'Log Box', 'Collect application logs and search them', 'Monitoring', 'ship logs. search logs'),
    listing('flights', 'Flight Board', 'Live flight status with departure times and delays', 'Travel', 'track a flight. get flight delays'),
    listing('reader', 'Page Reader', 'OCR for scanned documents and photos', 'AI', 'recognise text in images'),
    listing('papers', 'Paper Trail', 'Historic papers from a national archive', 'Books', 'get a paper by its id'),
    listing('presenter', 'Talking Heads', 'AI video API that renders talking-avatar videos from a script', 'Video', 'generate avatar videos from text'),
    listing('transcriber', 'Video Notes', 'Transcribe the spoken words of videos with AI', 'AI', 'transcribe videos'),
    listing('fec', 'Election Money', 'Campaign finance data on election candidates, their receipts and contributions', 'Government', 'get candidate financial totals. list individual contributions'),
    listing('hiring', 'Hire Desk', 'Track job candidates and the money spent hiring them', 'Jobs', 'list candidates. track hiring costs'),
    ...unrelated(20),
  ]);

  it('reads a count written out as no part of what is asked ("one van", "a few thousand users")', () => {
    const keys = (need: string) => index.search(need, { limit: 5 }).units.map((unit) => unit.key);
    expect(keys('the best order to visit 12 drop-off addresses with one van')).not.toContain('on');
    expect(keys('seed our database with a few thousand fake users')).not.toContain('thousand');
    expect(keys('a three-sentence summary of an article')).not.toContain('three');
    expect(capabilityUnitsOf(index, 'send one-time codes by sms at login')).toContain('one-time codes');
  });

  it('reads a need to boil or condense a text down to a summary as summarization, the text as what it is given', () => {
    for (const need of ['boil a long news article down to a three-sentence summary', 'condense a long news article into a short summary']) {
      expect(capabilityUnitsOf(index, need)).toContain('summarization');
      expect(firstHitOf(index, need)).toBe('llm');
    }
  });

  it('reads re-ordering retrieved passages or documents as reranking', () => {
    const need = "my RAG agent should re-order the passages it retrieved by how well each one answers the user's question";
    expect(capabilityUnitsOf(index, need)).toContain('reranking');
    expect(firstHitOf(index, need)).toBe('ranker');
  });

  it('reads alt text for images as image captioning', () => {
    const need = 'write alt text for the images on our website automatically';
    expect(capabilityUnitsOf(index, need)).toContain('image captioning');
    expect(firstHitOf(index, need)).toBe('vision');
  });

  it('reads bare warnings as no weather, and side effects as health', () => {
    const need = "side effects and warnings printed on a prescription drug's label";
    expect(capabilityUnitsOf(index, need)).not.toContain('severe weather alerts');
    expect(capabilityUnitsOf(index, need)).toContain('health and medicine');
    expect(firstHitOf(index, need)).toBe('fda');
    expect(capabilityUnitsOf(index, 'storm warnings for the coast tonight')).toContain('severe weather alerts');
  });

  it('reads no two-word phrase across a conjunction ("to one place and search them")', () => {
    const need = "ship our app's logs to one place and search them when something breaks";
    expect(capabilityUnitsOf(index, need)).not.toContain('geocoding');
    expect(firstHitOf(index, need)).toBe('logbox');
    // A describing word inside the phrase still reads it ("a place text search").
    expect(capabilityUnitsOf(index, 'run a place text search near the user')).toContain('geocoding');
  });

  it('reads departure times as no flight of their own', () => {
    expect(capabilityUnitsOf(index, 'the next trains leaving a railway station, with departure times')).not.toContain('flight status');
    expect(capabilityUnitsOf(index, 'is my flight delayed and when will it land')).toContain('flight status');
  });

  it('reads pulling the text out of scanned paper as OCR', () => {
    const need = 'pull the text out of scanned paper contracts';
    expect(capabilityUnitsOf(index, need)).toContain('ocr');
    expect(firstHitOf(index, need)).toBe('reader');
  });

  it('reads an AI presenter as video generation, and a music track for videos as none', () => {
    const need = 'turn a written product explainer script into a video with an AI presenter reading it';
    expect(capabilityUnitsOf(index, need)).toContain('video generation');
    expect(firstHitOf(index, need)).toBe('presenter');
    expect(capabilityUnitsOf(index, 'a short background music track for our videos from a text description')).not.toContain('video generation');
  });

  it('reads a House race and campaign donors as elections, not as hiring candidates', () => {
    const need = 'how much money has each candidate in a US House race raised so far, and who are their biggest donors?';
    expect(capabilityUnitsOf(index, need)).toContain('elections and politics');
    expect(firstHitOf(index, need)).toBe('fec');
  });
});

describe('senses read from the sixth and seventh probes of everyday needs', () => {
  const index = indexOf([
    listing('whois', 'Domain Owner Lookup', "Look up a domain name's WHOIS record: its owner, registrar and registration date", 'Security', 'look up whois records'),
    listing('registrar', 'Name Shop', 'Register domain names and manage their DNS records', 'Cloud', 'register domains. manage dns records'),
    listing('rooms', 'Meet Rooms', 'Add video calls to web and mobile apps with WebRTC video rooms', 'Communication', 'create video rooms. connect participants'),
    listing('clinic', 'Patient Records', 'Electronic health records of patients', 'Health', 'read patient records'),
    listing('sea', 'Sea Watch', 'Marine forecast for any coordinates with waves and swell', 'Weather', 'get a marine forecast. read wave height'),
    listing('clock', 'Timekeeper', 'Current time and time zone anywhere', 'Geo', 'get the current time'),
    listing('forge', 'Image Forge', 'Resize, crop and watermark images on the fly', 'Media', 'resize images. add a watermark'),
    listing('logos', 'Logo Finder', 'Company logos looked up by domain', 'Business', 'get a company logo'),
    listing('shield', 'Data Shield', 'Find and redact sensitive data such as PII in text and documents', 'Security', 'redact sensitive data'),
    listing('numbers', 'Number Check', 'Validate phone numbers and find their carrier', 'Communication', 'validate phone numbers'),
    listing('painter', 'Picture Model', 'Generate images from a prompt and edit existing images', 'AI', 'generate images. edit existing images'),
    listing('sun', 'Sun Times', 'Sunrise and sunset times for any place', 'Weather', 'get sunset times'),
    listing('tracer', 'Trace Box', 'Trace requests through distributed services and read their service maps', 'Monitoring', 'trace requests. get service maps'),
    listing('cache', 'Latency Cache', 'In-memory cache that cuts read latency for microservices', 'Databases', 'cache reads'),
    listing('runner', 'Code Runner', 'Run code in isolated sandboxes and read back its output', 'Developer Tools', 'run code. read output'),
    listing('paste', 'Paste Shelf', 'Share text and code snippets by link', 'Developer Tools', 'create pastes. share snippets'),
    listing('jobboard', 'Remote Board', 'Remote job listings from many companies', 'Jobs', 'search job listings'),
    listing('builds', 'Build Server', 'Trigger developer jobs and builds on a remote build server', 'Developer Tools', 'trigger a job. read build logs'),
    listing('webpush', 'Web Pusher', 'Send web push notifications to subscribed browsers', 'Communication', 'send web push'),
    listing('mobilepush', 'Phone Push', 'Push notifications to iOS and Android phones', 'Communication', 'send push notifications'),
    ...unrelated(20),
  ]);

  it.each([
    ['who owns a domain as a WHOIS lookup, not a registrar', 'who owns a domain name and when was it registered', 'domain ownership lookup', 'whois'],
    ['video calls in an app as video calling, whoever is on them', 'add in-app video calls between patients and doctors in our telehealth app', 'video calls', 'rooms'],
    ['tide times as marine conditions', 'tide times for a harbour for the next week', 'marine conditions', 'sea'],
    ['a watermark as image processing', 'add a watermark with our logo to images', 'image processing', 'forge'],
    ['editing a photo by describing the change as image editing, the quoted example as what it is given', "edit a photo by describing the change in words, like 'make the sky a sunset'", 'image editing', 'painter'],
    ['job hunting and developer openings as job listings, not as build jobs', 'my job-hunting agent needs remote backend developer openings posted this week', 'jobs', 'jobboard'],
  ])('reads %s', (_reading, need, capability, slug) => {
    expect(capabilityUnitsOf(index, need)).toContain(capability);
    expect(firstHitOf(index, need)).toBe(slug);
  });

  it('reads stripping names out of transcripts as redacting personal data', () => {
    expect(capabilityUnitsOf(index, 'before sending support transcripts to an LLM, strip out names, phone numbers and card numbers')).toContain('personal data redaction');
    expect(firstHitOf(index, 'anonymize personal data in support transcripts')).toBe('shield');
    expect(capabilityUnitsOf(index, 'validate the phone numbers customers type in')).not.toContain('personal data redaction');
  });

  it('reads push notifications shown in a browser as web push', () => {
    const need = 'show browser push notifications to visitors of our website who opted in';
    expect(capabilityUnitsOf(index, need)).toEqual(expect.arrayContaining(['web push', 'push notifications']));
    expect(firstHitOf(index, need)).toBe('webpush');
    expect(capabilityUnitsOf(index, 'send push notifications to our iPhone app users')).not.toContain('web push');
  });

  it('reads tracing slow requests across services as distributed tracing, and stack traces as none', () => {
    const need = 'trace slow requests across our microservices to see which service adds the latency';
    expect(capabilityUnitsOf(index, need)).toContain('distributed tracing');
    expect(firstHitOf(index, need)).toBe('tracer');
    expect(capabilityUnitsOf(index, 'collect exceptions with stack traces from our production web app')).not.toContain('distributed tracing');
  });

  it('reads running untrusted snippets in an isolated sandbox as code execution, not as sharing snippets', () => {
    const need = 'my coding agent needs to run untrusted Python snippets in an isolated sandbox and read back the output';
    const unit = index.search(need, { limit: 5 }).units.find((candidate) => candidate.key === 'code execution');
    // Whole weight: the sandbox is what the need asks for, not where it runs.
    expect(unit?.weight).toBeGreaterThanOrEqual(1);
    expect(firstHitOf(index, need)).toBe('runner');
  });
});

describe('capabilities everyday needs name in words the listings do not share', () => {
  const cases: { capability: string; need: string; serving: NeedDocument; decoys: NeedDocument[] }[] = [
    {
      capability: 'content moderation',
      need: 'reject uploaded profile pictures that contain nudity',
      serving: listing('screen', 'Screen', 'Image moderation: flag unsafe images before they go live'),
      decoys: [listing('faces', 'Faces', 'Generate avatars for profile pictures')],
    },
    {
      capability: 'laws and courts',
      need: 'which proposed rules are open for public comment',
      serving: listing('dockets', 'Dockets', 'Search regulatory documents and read their dockets'),
      decoys: [listing('open', 'Open', 'Which parks are open today')],
    },
    {
      capability: 'tours and activities',
      need: 'bookable tours in a destination city',
      serving: listing('outings', 'Outings', 'Find sightseeing tours and excursions to book around a location'),
      decoys: [listing('cities', 'Cities', 'Destination city guides for travel')],
    },
    {
      capability: 'cloud cost management',
      need: "last month's cloud bill broken down by service",
      serving: listing('spend', 'Spend', 'Query cost and usage data and forecast spending'),
      decoys: [listing('bills', 'Bills', 'Pay a utility bill by service provider')],
    },
    {
      capability: 'web performance',
      need: 'run a Lighthouse audit on our homepage and record the score',
      serving: listing('speed', 'Speed', 'Measure page speed and get suggestions to make a page load faster'),
      decoys: [listing('audits', 'Audits', 'Record audit events and their score')],
    },
    {
      capability: 'human resources',
      need: "an employee's remaining vacation days from our HR system",
      serving: listing('people', 'People', 'Manage leave requests, time off and employee records'),
      decoys: [listing('days', 'Days', 'Count the days remaining until a date')],
    },
    {
      capability: 'user provisioning',
      need: "deactivate a departing employee's account in our company directory",
      serving: listing('lifecycle', 'Lifecycle', 'SCIM user provisioning: create, suspend and deactivate users'),
      decoys: [listing('accounts', 'Accounts', 'Company account data from a directory of businesses')],
    },
    {
      capability: 'api management',
      need: 'issue API keys to our own customers',
      serving: listing('gate', 'Gate', 'An API gateway with usage plans and throttling'),
      decoys: [listing('tracker', 'Tracker', 'Issue tracking for customers')],
    },
    {
      capability: 'recommendations',
      need: "show 'customers who bought this also bought' items in our shop",
      serving: listing('similar', 'Similar', 'Recommendation engine trained on your interaction data'),
      decoys: [listing('store', 'Store', 'Items customers bought in a shop')],
    },
    {
      capability: 'speech to text',
      need: "turn a speaker's microphone audio into live captions",
      serving: listing('stream', 'Stream', 'Transcribe live audio streams over WebSockets'),
      decoys: [listing('mics', 'Mics', 'Microphone reviews and audio gear prices')],
    },
    {
      capability: 'load testing',
      need: 'load-test our checkout API with thousands of virtual users',
      serving: listing('swarm', 'Swarm', 'Start and stop k6 runs in the cloud from CI'),
      decoys: [listing('checkout', 'Checkout', 'A checkout API for online payments')],
    },
    {
      capability: 'database branching',
      need: 'spin up a throwaway copy of our database for each pull request',
      serving: listing('forks', 'Forks', 'Serverless Postgres: branch a database instantly for dev and test'),
      decoys: [listing('pulls', 'Pulls', 'List the pull requests of a repository')],
    },
    {
      capability: 'local delivery',
      need: 'book a same-day courier to take an order to a customer across town',
      serving: listing('rides', 'Rides', 'Get a delivery quote before booking a courier'),
      decoys: [listing('orders', 'Orders', 'Manage orders and customers of an online store')],
    },
    {
      capability: 'license plate recognition',
      need: 'read the licence plate number from each camera snapshot',
      serving: listing('plates', 'Plates', 'ANPR: recognize vehicles in an uploaded image'),
      decoys: [listing('cams', 'Cams', 'Camera snapshots from traffic cameras')],
    },
    {
      capability: 'time series data',
      need: 'store readings from IoT sensors and query them by time range',
      serving: listing('feeds', 'Feeds', 'Write and delete time series data in buckets'),
      decoys: [listing('ranges', 'Ranges', 'Query price ranges for a product')],
    },
    {
      capability: 'organizations and teams',
      need: 'let business customers invite teammates into a shared company workspace',
      serving: listing('orgs', 'Orgs', 'Manage organizations and memberships of your users'),
      decoys: [listing('spaces', 'Spaces', 'Rent a shared office space by the day')],
    },
    {
      capability: 'video understanding',
      need: 'describe what happens in a short video a user uploads',
      serving: listing('model', 'Model', 'Multimodal models that take text, image and video input'),
      decoys: [listing('tube', 'Tube', 'Upload a short video and share it')],
    },
    {
      capability: 'web analytics',
      need: "pull our website's page views and top traffic sources",
      serving: listing('ga', 'GA', 'Run reports on a GA4 property'),
      decoys: [listing('sources', 'Sources', 'Top news sources of the day')],
    },
    {
      capability: 'pdf editing',
      need: 'combine the PDF files a customer uploads into one PDF',
      serving: listing('blocks', 'Blocks', 'Merge PDF documents and watermark their pages'),
      decoys: [listing('files', 'Files', 'Store the files a customer uploads')],
    },
    {
      capability: 'payments',
      need: "save a shopper's card so they can check out in one click next time",
      serving: listing('vault', 'Vault', 'Tokenize cards and keep them as cards on file'),
      decoys: [listing('clicks', 'Clicks', 'Count the clicks a shopper makes')],
    },
    {
      capability: 'generative ai',
      need: 'a hosted model that can call our own backend functions with structured arguments',
      serving: listing('tools', 'Tools', 'Function calling and JSON mode for chat completions'),
      decoys: [listing('backend', 'Backend', 'Host backend functions for your app')],
    },
    {
      capability: 'scheduling',
      need: 'a link where new customers book a call with their account manager',
      serving: listing('slots', 'Slots', 'Create single-use booking links for an event type'),
      decoys: [listing('links', 'Links', 'Short links for your account')],
    },
    {
      capability: 'company data',
      need: "a French company's registered details from its SIREN number",
      serving: listing('registry', 'Registry', 'Records of legal units from the business register, by SIRET'),
      decoys: [listing('numbers', 'Numbers', 'Facts about a number')],
    },
    {
      capability: 'device identification',
      need: 'recognise a returning device by its browser fingerprint after cookies are cleared',
      serving: listing('prints', 'Prints', 'Search and delete identification events of visitors'),
      decoys: [listing('cookies', 'Cookies', 'Recipes for cookies, cleared of nuts')],
    },
    {
      capability: 'travel advisories',
      need: 'the current government travel advisory level for a country',
      serving: listing('safe', 'Safe', 'Composite travel-safety scores for every country'),
      decoys: [listing('levels', 'Levels', 'Current water levels by country')],
    },
    {
      capability: 'url and link metadata',
      need: 'a preview card with title and thumbnail for a link a user pastes',
      serving: listing('unfurl', 'Unfurl', 'Build link cards from any page'),
      decoys: [listing('paste', 'Paste', 'Paste text and share a link to it')],
    },
    {
      capability: 'accounting',
      need: 'post summarised revenue journal entries to the general ledger',
      serving: listing('books', 'Books', 'Accounting software API: invoices, bills and a chart of accounts'),
      decoys: [listing('revenue', 'Revenue', 'Summarised revenue of listed companies')],
    },
    {
      capability: 'customer messaging',
      need: 'add a live chat widget to our website so visitors can talk to our support team',
      serving: listing('inbox', 'Inbox', 'A customer-messaging platform: read and answer support conversations'),
      decoys: [listing('site', 'Site', 'Host a website for our team')],
    },
    {
      capability: 'reverse image search',
      need: 'find other websites where a given photo has been published',
      serving: listing('lens', 'Lens', 'Send an image and find visually similar images'),
      decoys: [listing('press', 'Press', 'Websites of publishers')],
    },
    {
      capability: 'real-time messaging',
      need: 'show the new score in every open browser tab the moment it changes',
      serving: listing('fanout', 'Fanout', 'Publish messages on channels with presence'),
      decoys: [listing('scores', 'Scores', 'Live score updates for football matches')],
    },
    {
      capability: 'tls configuration scanning',
      need: "grade our web server's protocol versions and cipher suites the way SSL Labs does",
      serving: listing('scan', 'Scan', "Schedule a TLS scan of a site's setup by hostname"),
      decoys: [listing('grades', 'Grades', 'School grades by server-side export')],
    },
    {
      capability: 'interest rates and bonds',
      need: 'daily yield curve for a bond dashboard',
      serving: listing('rates', 'Rates', 'Treasury rates and government bonds, live'),
      decoys: [listing('daily', 'Daily', 'A daily dashboard of anything')],
    },
    {
      capability: 'readability',
      need: 'score how easy our help articles are to read, as a reading grade level',
      serving: listing('plain', 'Plain', 'Measure the readability of documents and web pages'),
      decoys: [listing('scores', 'Scores', 'Easy scores for our games')],
    },
    {
      capability: 'webhooks',
      need: 'a temporary URL that captures incoming webhook requests so I can inspect their headers and body',
      serving: listing('basket', 'Basket', 'Collect and inspect HTTP requests sent to a basket'),
      decoys: [listing('short', 'Short', 'A temporary URL for a long link')],
    },
    {
      capability: 'forms and surveys',
      need: 'create a customer-satisfaction questionnaire and get a link to share',
      serving: listing('asks', 'Asks', 'Create quizzes and read their form responses'),
      decoys: [listing('share', 'Share', 'Create a link to share a file')],
    },
    {
      capability: 'web security scanning',
      need: 'check which HTTP security headers, such as CSP and HSTS, our website is missing',
      serving: listing('observe', 'Observe', 'Security grading of public websites: start a scan of a host'),
      decoys: [listing('sites', 'Sites', 'Check which website is up')],
    },
    {
      capability: 'astronomy and space',
      need: "tonight's seeing and sky-transparency forecast at the user's coordinates",
      serving: listing('gfs', 'GFS', 'Point forecasts with an astronomy-oriented product'),
      decoys: [listing('coords', 'Coords', "The user's coordinates from their IP")],
    },
    {
      capability: 'map data',
      need: 'download every building footprint inside a bounding box from OpenStreetMap',
      serving: listing('osm', 'OSM', 'Read map elements: nodes, ways and relations'),
      decoys: [listing('boxes', 'Boxes', 'Download every box label inside a warehouse')],
    },
  ];

  for (const { capability, need, serving, decoys } of cases) {
    it(`"${need}" names ${capability}, and finds the listing that offers it in other words`, () => {
      const index = indexOf([serving, ...decoys, ...unrelated(20)]);
      expect(capabilityUnitsOf(index, need)).toContain(capability);
      // The serving listing shares no word with the need: the capability alone finds it.
      expect(creditedBy(index, need, serving.slug)).toContain(capability);
    });
  }

  it('leaves a role named in an agent lead-in alone: "my HR agent" names no HR system', () => {
    const index = indexOf([listing('people', 'People', 'Manage leave requests, time off and employee records'), ...unrelated(20)]);
    expect(capabilityUnitsOf(index, "my HR agent needs next year's public holidays in Germany")).not.toContain('human resources');
  });

  it('keeps a book cover a book: "cover image" names no capability of its own', () => {
    const index = indexOf([listing('books', 'Books', 'Look up a book by ISBN with its cover image'), ...unrelated(20)]);
    expect(capabilityUnitsOf(index, 'cover image and page count for a book from its ISBN')).toEqual(['books']);
  });
});
