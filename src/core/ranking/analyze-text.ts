import { stemmer } from 'stemmer';
import { foldText } from './text.ts';

/**
 * Turns text into the terms the need engine indexes and looks up: accents folded, lower-cased,
 * stemmed (Porter), with words that carry no need left out. Joined words are indexed whole and
 * in parts, so "real-time", "realtime" and "real time" meet on the term "realtim".
 */

/** Words of grammar and of asking: they say nothing about which API serves a need, nor name one. */
const GRAMMAR_WORDS = (
  'a an the and or but nor of to in on at by for from with within without into onto out over under up down about as via per ' +
  'i me my mine we our ours you your yours he him his she her they them their theirs it its this that these those there here what which who whom whose when where why how ' +
  'is are was were be been being am do does did doing done have has had having can could should would will shall may might must ' +
  'not no yes so than then too very just also only any some all each every both either neither more most much many few lot lots ' +
  'get gets getting got find finding look looking want wants need needs needed like let lets make makes give gives show shows ' +
  'use uses used using way ways thing things something anything stuff kind sort type help please good best simple easy quick ' +
  // When, which one and in what order the need is asked ("right now", "last year", "a given zip",
  // "before publishing"): they place the need in time or in a task, and name nothing an API does.
  'now right current currently today tomorrow tonight yesterday last next total particular specific given certain whether if still before after figure ' +
  // What an apostrophe leaves of a possessive or a contraction once the text is split at it ("user's", "don't", "we'll").
  's t ll re ve ' +
  // How many, written out ("a few thousand fake users", "with one van"): a count names nothing an API does.
  // (Phrases keep them as written: "one-time codes" still names one-time codes.)
  'one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred hundreds thousand thousands million millions dozen dozens couple several ' +
  // Prepositions of place and direction that name nothing either ("the company behind a domain").
  'behind beside beyond beneath toward towards upon amid among amongst underneath throughout unto'
).split(' ');

/**
 * Words every listing could use of itself ("an API service"): no help in telling which one
 * serves a need, but a person may still look a name up by them ("Cat Facts Service").
 */
const GENERIC_WORDS = (
  'api apis service services endpoint endpoints app apps application applications tool tools provide provides provider ' +
  'programmatically automatically online web based'
).split(' ');

const STOP_WORDS = new Set([...GRAMMAR_WORDS, ...GENERIC_WORDS]);
const GENERIC = new Set(GENERIC_WORDS);

const stemCache = new Map<string, string>();

/**
 * Words Porter's stemmer merges with an unrelated word, each given a stem of its own: "news" is
 * not "new", "marketing" is not a "market", "communication" is not a "community". Chosen from
 * the stemmer's known over-stemming (words whose stems collide across meanings), not from queries.
 */
const OWN_STEMS = new Map<string, string>(
  Object.entries({
    news: 'news',
    publication: 'publication',
    publications: 'publication',
    productivity: 'productivity',
    general: 'general',
    generally: 'general',
    generic: 'generic',
    university: 'universit',
    universities: 'universit',
    experiment: 'experiment',
    experiments: 'experiment',
    experimental: 'experiment',
    communication: 'communic',
    communications: 'communic',
    marketing: 'marketing',
    organization: 'organiz',
    organizations: 'organiz',
    organisation: 'organiz',
    organisations: 'organiz',
    // several/severe, national/nation, trained/train: found among the catalogue's own words whose
    // Porter stems collide ("several testnets" met "severe storms", a "National Bank" named country data).
    several: 'several',
    national: 'national',
    nationally: 'national',
    trained: 'training',
    training: 'training',
    trainer: 'training',
    trainers: 'training',
    // "transactional" email or SMS is a kind of message, not a transaction: Porter's "transact"
    // made every transactional-email listing a blockchain-data one (its matchedOn said so).
    transactional: 'transactional',
    // Found as vocabulary phrases whose stems fell on two capabilities' lines: anime/animal,
    // authorization/author, observance/observability, ticketing/ticket ("support tickets").
    anime: 'anime',
    animation: 'animat',
    animations: 'animat',
    animated: 'animat',
    animate: 'animat',
    authorization: 'authoriz',
    authorizations: 'authoriz',
    authorisation: 'authoriz',
    authorize: 'authoriz',
    authorise: 'authoriz',
    authorized: 'authoriz',
    authorised: 'authoriz',
    observance: 'observance',
    observances: 'observance',
    observability: 'observab',
    observable: 'observab',
    ticketing: 'ticketing',
    // Text summarization is no summary of figures: Porter gives both "summar", and "summarize
    // payouts over a period" or "summarize policy states" met "summarize a long article".
    summarization: 'summarization',
    summarisation: 'summarization',
    // A government or company department is no departing flight or leaver: Porter gives "depart"
    // to all ("deactivate a departing employee's account" met a state's Department of IT).
    department: 'department',
    departments: 'department',
    departmental: 'department',
    // UPS, the carrier, is no "up" (Porter drops its "s", and "up" is a particle: "set up", "look up").
    ups: 'ups',
    // Shipping a parcel is no ship at sea: Porter gives "ship" to both, and "track a parcel shipped
    // with UPS" met vessel trackers by "track … ship".
    shipping: 'shipping',
    shipped: 'shipping',
    // Porter gives "virus" the stem "viru" but "viruses" "virus": a need's viruses met no listing's virus.
    virus: 'virus',
    viruses: 'virus',
    // A conversation is no conversion: Porter gives both "convers", and a currency converter met
    // "two-way WhatsApp conversations" by its "conversion".
    conversation: 'conversat',
    conversations: 'conversat',
    conversational: 'conversat',
    // Found among the words of the default catalogue (OpenAPI documents included) whose Porter
    // stem is a vocabulary phrase's while the word means something else: "custom fields" are no
    // customers, "driving" licences no drive, "past" 30 days no paste, a PIN block no pinning.
    customer: 'customer',
    customers: 'customer',
    booking: 'booking',
    bookings: 'booking',
    booked: 'booking',
    authority: 'authority',
    authorities: 'authority',
    driving: 'driving',
    paste: 'paste',
    pasted: 'paste',
    pastes: 'paste',
    pinning: 'pinning',
    pinned: 'pinning',
    // A lift is no height above the sea: Porter's "elev" made station-elevator feeds elevation data.
    elevator: 'elevator',
    elevators: 'elevator',
    designate: 'designat',
    designated: 'designat',
    designates: 'designat',
    designation: 'designat',
    designations: 'designat',
    excellent: 'excellent',
    direction: 'direction',
    directions: 'direction',
    directional: 'direction',
    embedding: 'embedding',
    embeddings: 'embedding',
    localization: 'localiz',
    localisation: 'localiz',
    localize: 'localiz',
    localise: 'localiz',
    localized: 'localiz',
    localised: 'localiz',
    futures: 'futures',
    personality: 'personality',
    personalities: 'personality',
    issued: 'issued',
    issuing: 'issued',
    renewable: 'renewable',
    renewables: 'renewable',
    transition: 'transition',
    transitions: 'transition',
    transitive: 'transition',
    trainings: 'training',
    caste: 'caste',
    castes: 'caste',
    matching: 'matching',
    follower: 'follower',
    followers: 'follower',
    resumable: 'resumable',
    boarding: 'boarding',
    calculator: 'calculator',
    calculators: 'calculator',
    physical: 'physical',
    physically: 'physical',
    eve: 'eve',
    governance: 'governance',
    // "List users" is no listing, an election cycle no cycling, "contract.fit" no fitness.
    listing: 'listing',
    listings: 'listing',
    cycling: 'cycling',
    fitness: 'fitness',
    // Companies House is no housing, a production environment no product.
    housing: 'housing',
    production: 'production',
    productions: 'production',
  }),
);

/**
 * British spellings read as American ones, so "optimise an image" meets "optimize images" and
 * "metres" meets "meters": people write needs and listings either way, and Porter's stemmer keeps
 * them apart. Verbs in -ise only from a list of stems, since many words end in -ise by nature
 * ("enterprise", "noise", "advise"); the other patterns are whole words.
 */
const IZE_STEMS =
  'optim recogn summar organ custom synchron visual normal standard anonym categor priorit util final minim maxim digit token monet author local person initial serial deserial sanit character emphas special general memor real modern capital central decentral harmon parameter parametr container virtual material apolog critic stabil famil social subsid commercial industrial vector symbol'.split(' ');
const IZE = new RegExp(`^(${IZE_STEMS.join('|')})is(e|ed|es|ing|ation|ations|er|ers|able)$`);
const AMERICAN = new Map<string, string>(
  Object.entries({
    analyse: 'analyze', analysed: 'analyzed', analysing: 'analyzing', analyser: 'analyzer', analysers: 'analyzers',
    colour: 'color', colours: 'colors', coloured: 'colored', colouring: 'coloring', colourful: 'colorful',
    behaviour: 'behavior', behaviours: 'behaviors', behavioural: 'behavioral',
    favourite: 'favorite', favourites: 'favorites', neighbour: 'neighbor', neighbours: 'neighbors', neighbourhood: 'neighborhood', neighbourhoods: 'neighborhoods',
    flavour: 'flavor', flavours: 'flavors', labour: 'labor', honour: 'honor', humour: 'humor', harbour: 'harbor', harbours: 'harbors',
    centre: 'center', centres: 'centers', metre: 'meter', metres: 'meters', kilometre: 'kilometer', kilometres: 'kilometers',
    centimetre: 'centimeter', centimetres: 'centimeters', millimetre: 'millimeter', millimetres: 'millimeters', litre: 'liter', litres: 'liters',
    theatre: 'theater', theatres: 'theaters', fibre: 'fiber',
    licence: 'license', licences: 'licenses', catalogue: 'catalog', catalogues: 'catalogs', dialogue: 'dialog', dialogues: 'dialogs', analogue: 'analog',
    programme: 'program', programmes: 'programs', defence: 'defense', offence: 'offense',
    enrol: 'enroll', enrols: 'enrolls', enrolment: 'enrollment', enrolments: 'enrollments', fulfil: 'fulfill', fulfils: 'fulfills', fulfilment: 'fulfillment',
    judgement: 'judgment', ageing: 'aging', grey: 'gray', aeroplane: 'airplane', aeroplanes: 'airplanes', jewellery: 'jewelry',
  }),
);
const americanSpellingOf = (word: string) => AMERICAN.get(word) ?? (word.length > 6 && word.includes('is') ? word.replace(IZE, '$1iz$2') : word);

/**
 * Porter makes a final "y" after a vowel "i" in its first step only, so a word whose suffix a
 * later step strips keeps its "y": "deploy" is "deploi" but "deployment" was "deploy". Applied
 * again to the result, both meet.
 */
const FINAL_Y = /(?<=[aeiou].*)y$/;

/** The Porter stem of a folded word (see OWN_STEMS), British spellings read as American; cached, since the same words recur across listings. */
export function stem(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed === undefined) {
    const american = americanSpellingOf(word);
    stemmed = OWN_STEMS.get(word) ?? OWN_STEMS.get(american) ?? (/^\p{L}+$/u.test(american) ? stemmer(american).replace(FINAL_Y, 'i') : american);
    if (stemCache.size < 200_000) stemCache.set(word, stemmed);
  }
  return stemmed;
}

export const isStopWord = (word: string): boolean => STOP_WORDS.has(word);

/** A stop word of the need engine that text lookups still look for ("service"); see GENERIC_WORDS. */
export const isGenericWord = (word: string): boolean => GENERIC.has(word);

/** Words a capability phrase may skip: "track a package" names the phrase "track packages". */
const FILLER_WORDS = new Set('a an the my your our their its his her this that these those some any'.split(' '));

export interface AnalyzedText {
  /** The stems of the words, stop words left out. */
  terms: string[];
  /** The stems of the generic words ("service"), indexed for text lookups only. */
  generic: string[];
  /**
   * The words in order for phrase matching: stems, stop words as written (they tell "text to
   * image" from "image to text"), fillers like "a" and "the" left out.
   */
  sequence: string[];
  /**
   * Adjacent words joined, with their parts: "real time" → realtim ← real, time. `written`
   * when the text itself joins them ("real-time"), so the compound is known to be a word.
   */
  compounds: { term: string; parts: [string, string]; written: boolean }[];
}

/** Two words joined are looked up as one only when short enough to be a compound ("timezone", "webhook"). */
const MAX_COMPOUND_LENGTH = 14;

const SEPARATORS = /([^\p{L}\p{N}]+)/u;
/** What joins two words into one as written: "real-time", "snake_case", "node.js", "o'clock". */
const JOINERS = new Set(['-', '_', '.', "'"]);

/** Two words as `text` joins them ("real-time" rather than "real time") when it does: needs are read with their words rejoined by spaces. */
export function asWrittenIn(text: string, words: string): string {
  const space = words.indexOf(' ');
  if (space < 0) return words;
  const folded = foldText(text);
  for (const joiner of JOINERS) {
    const joined = `${words.slice(0, space)}${joiner}${words.slice(space + 1)}`;
    if (folded.includes(joined)) return joined;
  }
  return words;
}

const DETERMINERS = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'their', 'his', 'her', 'this', 'that', 'these', 'those', 'some', 'one']);
const BOOKED_THINGS = new Set(['flight', 'flights', 'hotel', 'hotels', 'room', 'rooms', 'table', 'tables', 'appointment', 'appointments', 'meeting', 'meetings', 'slot', 'slots', 'ticket', 'tickets', 'trip', 'trips', 'ride', 'rides', 'seat', 'seats', 'tour', 'tours', 'class', 'classes', 'demo', 'demos', 'call', 'calls', 'session', 'sessions', 'event', 'events', 'people', 'travel', 'stays', 'restaurant', 'restaurants', 'venue', 'venues', 'doctor', 'doctors', 'court', 'courts', 'car', 'cars', 'taxi', 'taxis']);
/** "book a meeting", "book the venue", "books restaurant tables": before a determiner or a thing one books, book is the act of booking, not a book. */
const booksSomething = (next: string | undefined) => next !== undefined && (DETERMINERS.has(next) || BOOKED_THINGS.has(next));

/**
 * The terms of a text. Adjacent words are also joined, so that "real-time", "realtime" and
 * "real time" all yield the term "realtim"; stop words and one- or two-digit numbers are
 * dropped; everything else is stemmed. Given `wordsOf`, it also records each term's first
 * word as the text wrote it (folded): "sms" for "sm", "real-time" for "realtim". Words in
 * `outOfSequence` are terms but take no place in the phrase sequence (a need's describing words:
 * see describingWordsIn in run-context.ts).
 */
export function analyzeText(text: string, wordsOf?: Map<string, string>, outOfSequence?: ReadonlySet<string>): AnalyzedText {
  const terms: string[] = [];
  const generic: string[] = [];
  const sequence: string[] = [];
  const compounds: AnalyzedText['compounds'] = [];
  let previous: { word: string; stem: string } | undefined;
  // Words at even places, the separators between them at odd places (split is cheaper than matchAll).
  const parts = foldText(text).split(SEPARATORS);
  for (let i = 0; i < parts.length; i += 2) {
    const part = parts[i]!;
    if (part === '') continue;
    if (isStopWord(part) || /^\d{1,2}$/.test(part)) {
      if (GENERIC.has(part)) generic.push(stem(part));
      if (!FILLER_WORDS.has(part)) sequence.push(part);
      previous = undefined;
      continue;
    }
    const stemmed = (part === 'book' || part === 'books') && booksSomething(parts[i + 2]) ? 'booking' : stem(part);
    terms.push(stemmed);
    if (!outOfSequence?.has(part)) sequence.push(stemmed);
    if (wordsOf && !wordsOf.has(stemmed)) wordsOf.set(stemmed, part);
    if (previous && previous.word.length + part.length <= MAX_COMPOUND_LENGTH) {
      const joined = stem(previous.word + part);
      const written = JOINERS.has(parts[i - 1]!);
      compounds.push({ term: joined, parts: [previous.stem, stemmed], written });
      if (wordsOf && !wordsOf.has(joined)) wordsOf.set(joined, `${previous.word}${written ? parts[i - 1] : ' '}${part}`);
    }
    previous = { word: part, stem: stemmed };
  }
  return { terms, generic, sequence, compounds };
}
