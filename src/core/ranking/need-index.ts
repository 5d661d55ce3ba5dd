import { NearStrings, nearStringsInChunks } from './near-strings.ts';
import { analyzeText, asWrittenIn, stem } from './analyze-text.ts';
import { CAPABILITY_VOCABULARY_TEXT, PLATFORM_NAMES, type Capability } from './capability-vocabulary.ts';
import { VocabularyPhrases } from './vocabulary-phrases.ts';
import { readNeedText } from './run-context.ts';
import { FAMILY_BIT, FIELD_BIT, NEED_FIELDS, PROVIDER_BIT, postingScore, type ListStats, type NeedField, type Postings } from './need-postings.ts';
import { newReadWindow, readPruned, readWhole, type NeedRead, type ReadTables, type ReadWindow } from './need-reads.ts';

export type { NeedField } from './need-postings.ts';


/**
 * The need engine's index: field-weighted BM25 over stemmed terms plus the capabilities of the
 * vocabulary each listing names, kept in flat arrays so that 100,000 listings fit in little
 * memory and a need is ranked in about a millisecond. Listings are added and removed as the
 * catalogue changes; a removed listing leaves a dead slot that the next compaction reclaims.
 */

const FIELD_WEIGHT: Record<NeedField, number> = { name: 2, description: 1, category: 1.5, subcategory: 1.5, capabilities: 1.5 };

/** BM25 saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;
/**
 * Length normalisation of the name on its own (BM25F-style): a need word that is the whole
 * name ("Dogs") says more than one word of a longer name ("Dog Facts"). The name's weight is
 * divided by 1 − NAME_B + NAME_B × (words in the name) / NAME_REFERENCE_LENGTH.
 */
const NAME_B = 0.3;
const NAME_REFERENCE_LENGTH = 2;
/**
 * A part of the need that a listing has in its name or on its shelf (category, subcategory) but
 * neither its description nor its capabilities bear out covers this much of that part. A name is
 * as often a brand as a statement of what the listing serves ("Storm Glass: Global marine
 * weather" for storms, "Crossref Metadata Search" for a search), and a shelf names what its
 * listings do between them, not what each does ("Networking & CDN" holds gateways and 5G networks
 * that cache nothing). The part still adds its score; only the share of the need it covers shrinks.
 */
const UNSUPPORTED_COVERAGE = 0.5;
/**
 * A need word that at most this many listings use, each in its name, is a brand the need names
 * ("an alert in PagerDuty"): matched in a name it covers its part whole. Our descriptions do not
 * repeat the API's name, so a brand is often in the name alone.
 */
const BRAND_MAX_LISTINGS = 3;
/**
 * A word names one of a provider's product lines (FAMILY_BIT: "BigQuery", "Jira", "Gmail") when
 * at least this many of the provider's listings have it in their names, they are most of the
 * listings that do (Tempo's "Timesheets for Jira Cloud" names Jira, but Atlassian's two do)...
 */
const FAMILY_WORD_MIN_NAMES = 2;
/** ...and the word is rare: at most this many listings use it anywhere ("Management" in a hundred Azure names is not one). */
const FAMILY_WORD_MAX_LISTINGS = 60;
/** How much a capability shared by need and listing counts against a shared word. */
const CAPABILITY_WEIGHT = 1.5;
/**
 * How much a listing's category being about the need lifts it (at most ×(1 + this)), and the
 * smoothing of a category's share of listings matching the need, against tiny categories: a
 * shelf of two listings that both match says less than five of a shelf of twelve. The pair was
 * chosen together under cross-validation (ADR 0021, ranking addendum 2): 2 and 8, from 1.5 and 4.
 */
const CATEGORY_LIFT = 2;
const CATEGORY_SMOOTHING = 8;
const MAX_QUERY_UNITS = 24;
/**
 * Needs of at most this many units keep the coverages of their sets of matched units in a table
 * indexed by the set's mask rather than in a map: one table of 2^16 entries (768 kB) kept by the
 * index, each entry stamped with the search that wrote it, so that a search neither allocates nor
 * clears it.
 */
const COVERAGE_TABLE_UNITS = 16;
/** Lists shorter than this are read whole: finding the bar to prune them by would cost more than it saves. */
const PRUNE_FROM = 1000;
/** How many categories a search names as near the need, for browsing when nothing matched well. */
export const NEAR_CATEGORIES = 3;
/**
 * Two words of a need are read as one joined word ("realtime") only when the joined word is no
 * rarer than this idf, about one listing in 400 (as COVERAGE_IDF_CAP); a rarer one
 * ("user-uploaded", written so by a few listings) is read as its two words. As an idf it holds
 * for a catalogue of any size. 6 and 6.5 read the same on every set; 7 costs the corpus (ADR 32).
 */
const MAX_JOINED_IDF = 6;
/**
 * The most a unit's idf weighs in a need's coverage (not in its score): a word almost no listing
 * uses ("intro", "paragraph") describes a detail of the need more often than what serves it, and
 * at its full idf it outweighed the words that name the job. 6 is the idf of a word in about one
 * listing in 400; chosen on the halves of the real-needs set (ADR 32).
 */
const COVERAGE_IDF_CAP = 6;
/** How much a run-context word left in a need counts ("token" in "crypto token prices"; see run-context.ts). */
const RUN_CONTEXT_WEIGHT = 0.1;
/**
 * How much a word of the act a need hinders counts ("my contact form" in "stop spam bots from
 * submitting my contact form"; see run-context.ts). Chosen on the halves of the real-needs set
 * (ADR 32): 0.3 to 0.85 read the same as served, 0.5 and below best flat.
 */
const HINDERED_WEIGHT = 0.5;
/** How much a word of what a need hands a fixed act counts ("product descriptions" in "translate product descriptions"; see run-context.ts). */
const PAYLOAD_WEIGHT = 0.3;
/**
 * A listing's capability lines say its main job first (curated lines are written so; a document's
 * follow its operations), and an API whose several lines name a capability is about it: Giphy's
 * five lines of GIFs against Bannerbear's one among banners, PDFs and videos. So each line counts
 * on its own, the line at index k weighing 1 / (1 + CAPABILITY_LINE_DECAY * k). Chosen on the
 * halves of the real-needs set (ADR 32): 0.5 is where neither half of either copy falls.
 * A line also lengthens the listing (BM25's length normalisation) by what it weighs: a thorough
 * listing's twelfth line no longer pushes its first, main job below a one-line listing's
 * (Twilio's "send SMS and MMS messages" had fallen 19% below ClickSend's; ADR 32).
 */
const CAPABILITY_LINE_DECAY = 0.5;

export interface NeedDocument {
  slug: string;
  category: string;
  fields: Record<NeedField, string>;
  /** The provider's name, when the listing has one: its words in the listing's name say whose API it is. */
  provider?: string;
  /** The provider's id, when the listing has one: listings of one id are a family (see markFamilyWords). */
  providerId?: string;
}


/** Shorter lists stay JS arrays: a typed array's own overhead would outweigh what it saves. */
const PACK_FROM = 8;

export interface NeedUnit {
  /** A stemmed word of the need, or a capability label. */
  key: string;
  /** A term's word as the need wrote it (folded): "sms" for the key "sm". */
  word?: string;
  kind: 'term' | 'capability';
  idf: number;
  weight: number;
}

export interface NeedHit {
  slug: string;
  /** Ranking score: BM25 times coverage, lifted by category; only comparable within one query. */
  score: number;
  /** The idf-weighted share of the need's parts the listing matched, 0..1. */
  coverage: number;
  fields: NeedField[];
  terms: string[];
  capabilities: string[];
}

export interface NeedSearchResult {
  hits: NeedHit[];
  units: NeedUnit[];
  /** Words of the need (stemmed) that no listing has and no capability covers; they count against coverage. */
  unknownTerms: string[];
  /** The categories whose listings serve the need most, best first, at most NEAR_CATEGORIES. */
  categories: { name: string; affinity: number }[];
}



/** The fields each set of field bits names, in NEED_FIELDS order: a listing's hit names one of these. */
const FIELDS_BY_BITS: readonly (readonly NeedField[])[] = Array.from({ length: 256 }, (_, bits) => NEED_FIELDS.filter((field) => bits & FIELD_BIT[field]));
const fieldsIn = (bits: number) => FIELDS_BY_BITS[bits]!.slice();

const CAPABILITY_KEY_PREFIX = '\u0001';
const capabilityKey = (index: number) => `${CAPABILITY_KEY_PREFIX}${index}`;

/**
 * A whole index as flat arrays that a worker can hand over without copying (see
 * need-index-worker.ts): postings of term i are docs[offsets[i]..offsets[i + 1]], and so on.
 */
export interface NeedIndexState {
  terms: string[];
  written: Uint8Array;
  offsets: Int32Array;
  docs: Int32Array;
  weights: Float64Array;
  fields: Uint8Array;
  slugs: string[];
  lengths: Float64Array;
  docCategory: Int32Array;
  categoryNames: string[];
  categorySizes: Int32Array;
  /** Per listing, its provider's number in providers, or -1 when it names none. */
  docProvider: Int32Array;
  providers: string[];
}

/** The buffers of a state, to pass as postMessage's transfer list. */
export const transferablesOf = (state: NeedIndexState): ArrayBuffer[] =>
  [state.written, state.offsets, state.docs, state.weights, state.fields, state.lengths, state.docCategory, state.categorySizes, state.docProvider].map((array) => array.buffer as ArrayBuffer);

interface FieldTerms {
  keys: string[];
  /** For each key, whether the text writes it as one word (see Postings.written). */
  written: boolean[];
  capabilities: number[];
  /** Words in the field, stop words included, for length normalisation. */
  words: number;
}

/** Bounds the analyses of categories and subcategories kept; a catalogue has far fewer. */
const MAX_SHELVES_KEPT = 10_000;

interface TermWeight {
  weight: number;
  fields: number;
  written: boolean;
}

/** Adds one field's occurrence of a term (or capability) to a listing's weights. */
function accumulate<K>(weights: Map<K, TermWeight>, key: K, fieldWeight: number, bit: number, written: boolean): void {
  const entry = weights.get(key);
  if (entry) {
    entry.weight += fieldWeight;
    entry.fields |= bit;
    entry.written ||= written;
  } else {
    weights.set(key, { weight: fieldWeight, fields: bit, written });
  }
}

export class NeedIndex {
  private readonly vocabulary: Capability[];
  /** Stems of the vocabulary's platform names (see PLATFORM_NAMES): covered only by a listing that names the platform. */
  private readonly platformStems = new Set(PLATFORM_NAMES.map((name) => stem(name)));
  /** Which capabilities of the vocabulary a text names. */
  private readonly phrases: VocabularyPhrases;
  private readonly postings = new Map<string, Postings>();
  private readonly capabilityKeys: string[];
  private readonly shelfTerms = new Map<string, FieldTerms>();
  private slugs: (string | null)[] = [];
  private lengths: number[] = [];
  private docCategory: number[] = [];
  /** Per listing, its provider's number (see providerNumbers), or -1 when it names none. */
  private docProvider: number[] = [];
  private readonly providerNumbers = new Map<string, number>();
  private providers: string[] = [];
  /** The terms whose postings carry FAMILY_BIT now (see markFamilyWords); read from the postings with nameTerms after fromState. */
  private familyWords = new Set<string>();
  /** Terms some listing has in its name, the only ones that can be family words; null until first needed after fromState. */
  private nameTerms: Set<string> | null = new Set();
  private readonly docBySlug = new Map<string, number>();
  private readonly categoryIds = new Map<string, number>();
  private categoryNames: string[] = [];
  private categorySizes: number[] = [];
  private totalLength = 0;
  private alive = 0;
  private scores = new Float64Array(0);
  private matched = new Uint32Array(0);
  private fieldMasks = new Uint8Array(0);
  /** Per listing, the units it matched only in its name or shelf (see UNSUPPORTED_COVERAGE). */
  private unsupportedMasks = new Uint32Array(0);
  /** Room for the listings a whole read touches (see ReadTables.touched). */
  private touched = new Int32Array(0);
  private norms = new Float64Array(0);
  private normsAverage = 0;
  private docCategoriesTyped = new Int32Array(0);
  private window?: ReadWindow;
  /** Coverages of sets of matched units, by set, for needs of few units (see COVERAGE_TABLE_UNITS). */
  private coverageTable?: { values: Float64Array; stamps: Uint32Array };
  private coverageStamp = 0;
  /** Changes whenever a listing is added or removed, so that kept list statistics are known to be stale. */
  private version = 0;
  private pruned = 0;
  private scored = 0;
  /** Indexed words (capabilities left out) in order, for prefix and near-spelling lookups; rebuilt after a new word arrives. */
  private sortedTerms: string[] | null = null;
  private nearTerms: NearStrings | null = null;
  private nearTermsPending = false;
  private nearExaminedBefore = 0;
  private lookupBest = new Float64Array(0);
  private lookupTotals = new Float64Array(0);
  private lookupMatched = new Uint32Array(0);

  /**
   * `pruneFrom`: lists at least this long may be read only for listings already found (see
   * search); Infinity reads every list whole, which tests compare against.
   */
  constructor(
    vocabularyText = CAPABILITY_VOCABULARY_TEXT,
    private readonly pruneFrom = PRUNE_FROM,
  ) {
    this.phrases = new VocabularyPhrases(vocabularyText);
    this.vocabulary = this.phrases.vocabulary;
    this.capabilityKeys = this.vocabulary.map((_, index) => capabilityKey(index));
  }

  get size(): number {
    return this.alive;
  }

  /** How many searches so far were pruned: some list only looked up, or some listing passed over below the bar (see need-reads.ts). */
  get prunedSearches(): number {
    return this.pruned;
  }

  /** How many listings searches so far added up a score for: every listing a list holds when read whole, far fewer when pruned. */
  get listingsScored(): number {
    return this.scored;
  }

  add(document: NeedDocument): void {
    this.remove(document.slug);
    this.version += 1;
    const doc = this.slugs.length;
    this.slugs.push(document.slug);
    this.docBySlug.set(document.slug, doc);
    this.alive += 1;

    let category = this.categoryIds.get(document.category);
    if (category === undefined) {
      category = this.categoryNames.length;
      this.categoryIds.set(document.category, category);
      this.categoryNames.push(document.category);
      this.categorySizes.push(0);
    }
    this.categorySizes[category]! += 1;
    this.docCategory.push(category);
    this.docProvider.push(document.providerId === undefined ? -1 : this.providerNumberOf(document.providerId));

    const weights = new Map<string, TermWeight>();
    const capabilityWeights = new Map<number, TermWeight>();
    let length = 0;
    for (const field of NEED_FIELDS) {
      const text = document.fields[field];
      if (!text) continue;
      // Each capability line is read on its own: a capability it names counts once per line, and a
      // line counts less the further down the list it stands (see CAPABILITY_LINE_DECAY).
      const parts = field === 'capabilities' ? text.split('\n') : [text];
      const bit = FIELD_BIT[field];
      for (let line = 0; line < parts.length; line += 1) {
        const part = parts[line]!;
        if (!part) continue;
        const analyzed = field === 'category' || field === 'subcategory' ? this.shelfTermsOf(part) : this.fieldTermsOf(part);
        const fieldWeight =
          field === 'name'
            ? FIELD_WEIGHT.name / (1 - NAME_B + (NAME_B * analyzed.words) / NAME_REFERENCE_LENGTH)
            : FIELD_WEIGHT[field] / (1 + CAPABILITY_LINE_DECAY * line);
        const { keys, written } = analyzed;
        const providerStems = field === 'name' && document.provider ? new Set(analyzeText(document.provider).terms) : undefined;
        for (let i = 0; i < keys.length; i += 1) accumulate(weights, keys[i]!, fieldWeight, providerStems?.has(keys[i]!) ? bit | PROVIDER_BIT : bit, written[i]!);
        if (field === 'name') for (const key of keys) this.nameTerms?.add(key);
        length += analyzed.words * (field === 'capabilities' ? fieldWeight : FIELD_WEIGHT[field]);
        for (const capability of analyzed.capabilities) accumulate(capabilityWeights, capability, fieldWeight, bit, true);
      }
    }
    for (const [term, { weight, fields, written }] of weights) this.post(term, doc, weight, fields, written);
    for (const [capability, { weight, fields }] of capabilityWeights) this.post(this.capabilityKeys[capability]!, doc, weight, fields);
    this.lengths.push(length);
    this.totalLength += length;
  }

  /** What one field adds to the index: its terms (generic words and compounds included) and the capabilities it names. */
  private fieldTermsOf(text: string): FieldTerms {
    const analyzed = analyzeText(text);
    const keys: string[] = [];
    const written: boolean[] = [];
    for (const term of analyzed.terms) keys.push(term), written.push(true);
    // Never a unit of a need (they are stop words there), so they leave need ranking as it was.
    for (const term of analyzed.generic) keys.push(term), written.push(true);
    for (const compound of analyzed.compounds) keys.push(compound.term), written.push(compound.written);
    const capabilities = new Set<number>();
    for (const { capability } of this.phrases.phrasesIn(analyzed, true)) capabilities.add(capability);
    return { keys, written, capabilities: [...capabilities], words: analyzed.sequence.length };
  }

  /** fieldTermsOf for a category or subcategory, which many listings share, kept rather than analysed again. */
  private shelfTermsOf(text: string): FieldTerms {
    let terms = this.shelfTerms.get(text);
    if (!terms) {
      terms = this.fieldTermsOf(text);
      if (this.shelfTerms.size < MAX_SHELVES_KEPT) this.shelfTerms.set(text, terms);
    }
    return terms;
  }

  remove(slug: string): void {
    const doc = this.docBySlug.get(slug);
    if (doc === undefined) return;
    this.version += 1;
    this.docBySlug.delete(slug);
    this.slugs[doc] = null;
    this.alive -= 1;
    this.totalLength -= this.lengths[doc]!;
    this.categorySizes[this.docCategory[doc]!]! -= 1;
    // Dead slots stay in the postings until compaction; past a third of all slots, compact.
    if (this.slugs.length > 64 && this.alive < (this.slugs.length * 2) / 3) this.compact();
  }

  search(need: string, { limit, keep }: { limit: number; keep?: (slug: string) => boolean }): NeedSearchResult {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a whole number of at least 1; got ${limit}`);
    const { units, unknown } = this.needUnits(need);
    const slots = this.slugs.length;
    if (this.scores.length < slots) {
      this.scores = new Float64Array(Math.max(slots, this.scores.length * 2, 1024));
      this.matched = new Uint32Array(this.scores.length);
      this.fieldMasks = new Uint8Array(this.scores.length);
      this.unsupportedMasks = new Uint32Array(this.scores.length);
      this.touched = new Int32Array(this.scores.length);
    }
    const { slugs } = this;
    const norms = this.lengthNorms();
    const docCategories = this.docCategories();
    const coverageIdf = (idf: number) => Math.min(idf, COVERAGE_IDF_CAP);
    const unknownIdf = unknown.length * coverageIdf(Math.log(1 + (this.alive + 0.5) / 0.5));
    let knownIdf = 0;
    let knownCoverageIdf = 0;
    for (const unit of units) {
      knownIdf += unit.idf * unit.weight;
      knownCoverageIdf += coverageIdf(unit.idf) * unit.weight;
    }
    const totalIdf = knownCoverageIdf + unknownIdf || 1;
    const lists = units.map((unit) => this.postings.get(unit.kind === 'term' ? unit.key : unit.capabilityKey!)!);
    const stats = lists.map((list) => this.listStats(list, norms));

    // How much of the need each category's listings serve: every matching listing adds its unit's share.
    const categoryCount = this.categoryNames.length;
    const affinity = new Float64Array(categoryCount);
    units.forEach((unit, u) => {
      const share = (unit.idf * unit.weight) / (knownIdf || 1);
      const { categories, counts } = stats[u]!;
      for (let i = 0; i < categories.length; i += 1) affinity[categories[i]!]! += share * counts[i]!;
    });
    const lift = new Float64Array(categoryCount);
    // How much a listing of each category is lifted: more the more of the need its category's listings serve.
    const categoryLift = new Float64Array(categoryCount);
    for (let category = 0; category < categoryCount; category += 1) {
      if (affinity[category]! > 0) lift[category] = affinity[category]! / (this.categorySizes[category]! + CATEGORY_SMOOTHING);
      categoryLift[category] = 1 + CATEGORY_LIFT * Math.min(1, lift[category]!);
    }

    const coverageMasks = this.coverageMasks(units);
    // Worked out once per set of matched units: in a table when the need has few units (looked up
    // for every listing a pruned read considers), else in a map.
    const coverageOfUnits = (mask: number) => {
      let covered = 0;
      for (let u = 0; u < units.length; u += 1) if (mask & coverageMasks[u]!) covered += coverageIdf(units[u]!.idf) * units[u]!.weight;
      return covered / totalIdf;
    };
    let coverageFor: (mask: number) => number;
    if (units.length <= COVERAGE_TABLE_UNITS) {
      const { values, stamps } = (this.coverageTable ??= { values: new Float64Array(1 << COVERAGE_TABLE_UNITS), stamps: new Uint32Array(1 << COVERAGE_TABLE_UNITS) });
      // 0 is never a search's stamp: the table's entries start unwritten.
      this.coverageStamp = (this.coverageStamp % 0xffffffff) + 1;
      if (this.coverageStamp === 1) stamps.fill(0);
      const stamp = this.coverageStamp;
      coverageFor = (mask: number) => {
        if (stamps[mask] === stamp) return values[mask]!;
        stamps[mask] = stamp;
        return (values[mask] = coverageOfUnits(mask));
      };
    } else {
      const coverageOf = new Map<number, number>();
      coverageFor = (mask: number) => {
        let coverage = coverageOf.get(mask);
        if (coverage === undefined) coverageOf.set(mask, (coverage = coverageOfUnits(mask)));
        return coverage;
      };
    }
    // What the listing covers, its parts matched only in its name or shelf counted at UNSUPPORTED_COVERAGE (at most 1, as the bound needs).
    // Need words that only a few listings use, every one of them in its name: brands the need names.
    let brandMask = 0;
    units.forEach((unit, u) => {
      const list = lists[u]!;
      if (unit.kind !== 'term' || list.docs.length > BRAND_MAX_LISTINGS) return;
      for (let i = 0; i < list.docs.length; i += 1) if ((list.fields[i]! & FIELD_BIT.name) === 0) return;
      brandMask |= 1 << u;
    });
    const coverageOfMatch = (mask: number, unsupportedMaskAll: number) => {
      const unsupportedMask = unsupportedMaskAll & ~brandMask;
      return unsupportedMask === 0 ? coverageFor(mask) : UNSUPPORTED_COVERAGE * coverageFor(mask) + (1 - UNSUPPORTED_COVERAGE) * coverageFor(mask & ~unsupportedMask);
    };
    const ranksAbove = (score: number, doc: number, other: { doc: number; score: number }) =>
      score > other.score || (score === other.score && slugs[doc]! < slugs[other.doc]!);

    // Units that can add the most come first; a listing's score adds its units' parts in this order.
    const factors = units.map((unit) => unit.weight * unit.idf * (K1 + 1));
    const order = units.map((_, u) => u).sort((a, b) => factors[b]! * stats[b]!.upper - factors[a]! * stats[a]!.upper || a - b);
    const longest = lists.reduce((most, list) => Math.max(most, list.docs.length), 0);
    const read: NeedRead = { units, lists, factors, order, norms, categoryLift, docCategories, coverageFor, coverageOfMatch, ranksAbove, limit, keep };
    const tables: ReadTables = { scores: this.scores, touched: this.touched, matched: this.matched, fieldMasks: this.fieldMasks, unsupportedMasks: this.unsupportedMasks, window: (this.window ??= newReadWindow()), slugs, someDead: this.alive < slugs.length };
    const { best, scored, pruned } = longest >= this.pruneFrom ? readPruned(read, stats, tables) : readWhole(read, tables);
    this.scored += scored;
    if (pruned) this.pruned += 1;

    // Most hits match the same few sets of units: each set's words and capabilities are listed once, and each hit gets its own copy.
    const matchedUnits = new Map<number, { terms: string[]; capabilities: string[] }>();
    const unitsIn = (mask: number) => {
      let named = matchedUnits.get(mask);
      if (!named) {
        named = {
          terms: units.filter((unit, u) => unit.kind === 'term' && mask & (1 << u)).map((unit) => unit.word ?? unit.key),
          capabilities: units.filter((unit, u) => unit.kind === 'capability' && mask & (1 << u)).map((unit) => unit.key),
        };
        matchedUnits.set(mask, named);
      }
      return named;
    };
    const hits = best.map(({ doc, score, mask, fields, unsupportedMask }): NeedHit => {
      const { terms, capabilities } = unitsIn(mask);
      return { slug: slugs[doc]!, score, coverage: coverageOfMatch(mask, unsupportedMask), fields: fieldsIn(fields), terms: terms.slice(), capabilities: capabilities.slice() };
    });
    return { hits, units: units.map(({ key, kind, idf, weight }) => ({ key, kind, idf, weight })), unknownTerms: unknown, categories: this.bestCategories(lift) };
  }

  /** A list's bound and category counts (see ListStats), counted when the index has changed since they last were. */
  private listStats(list: Postings, norms: Float64Array): ListStats {
    if (list.stats?.version === this.version) return list.stats;
    const { docs, weights, fields } = list;
    const counts = new Map<number, number>();
    const uppers = new Map<number, number>();
    let upper = 0;
    for (let i = 0; i < docs.length; i += 1) {
      const doc = docs[i]!;
      if (this.slugs[doc] === null) continue;
      const score = postingScore(1, weights[i]!, fields[i]!, norms[doc]!);
      upper = Math.max(upper, score);
      const category = this.docCategory[doc]!;
      counts.set(category, (counts.get(category) ?? 0) + 1);
      uppers.set(category, Math.max(uppers.get(category) ?? 0, score));
    }
    const categories = Int32Array.from(counts.keys());
    list.stats = { version: this.version, upper, categories, counts: Int32Array.from(counts.values()), uppers: Float64Array.from(categories, (category) => uppers.get(category)!) };
    return list.stats;
  }

  /** The categories whose listings serve the need most, best first (ties by first seen), at most NEAR_CATEGORIES. */
  private bestCategories(lift: Float64Array): { name: string; affinity: number }[] {
    const best: number[] = [];
    for (let category = 0; category < lift.length; category += 1) {
      if (!(lift[category]! > 0) || this.categorySizes[category]! <= 0) continue;
      let at = best.length;
      while (at > 0 && lift[category]! > lift[best[at - 1]!]!) at -= 1;
      if (at >= NEAR_CATEGORIES) continue;
      best.splice(at, 0, category);
      if (best.length > NEAR_CATEGORIES) best.pop();
    }
    return best.map((category) => ({ name: this.categoryNames[category]!, affinity: lift[category]! }));
  }

  /**
   * BM25's length normalisation of each listing, K1 × (1 − B + B × length / average length),
   * kept until the average length changes (a listing added or removed).
   */
  private lengthNorms(): Float64Array {
    const averageLength = this.alive ? this.totalLength / this.alive : 1;
    if (this.norms.length < this.lengths.length || this.normsAverage !== averageLength) {
      this.norms = new Float64Array(this.lengths.length);
      for (let doc = 0; doc < this.lengths.length; doc += 1) this.norms[doc] = K1 * (1 - B + (B * this.lengths[doc]!) / averageLength);
      this.normsAverage = averageLength;
    }
    return this.norms;
  }

  /**
   * Each listing's category as a typed array (half the memory of the JS array, so fewer cache
   * misses in a pruned read), kept until a listing is added or the listings are renumbered.
   */
  private docCategories(): Int32Array {
    if (this.docCategoriesTyped.length !== this.docCategory.length) this.docCategoriesTyped = Int32Array.from(this.docCategory);
    return this.docCategoriesTyped;
  }


  /** Indexed words that begin with `prefix`, in order, at most `limit` of them. */
  termsStartingWith(prefix: string, limit = 100): string[] {
    const terms = this.termList();
    let low = 0;
    let high = terms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (terms[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let i = low; i < terms.length && found.length < limit && terms[i]!.startsWith(prefix); i += 1) found.push(terms[i]!);
    return found;
  }

  /**
   * Indexed words within `maxEdits` edits of `word` (itself excluded), closest first, found
   * within a budget of words examined (near-strings.ts): never a scan of the whole vocabulary.
   */
  termsNear(word: string, maxEdits: number): { term: string; edits: number }[] {
    if (!this.nearTerms) {
      // While prepareNearTerms builds it between requests, a lookup goes without near spellings rather than build it whole.
      if (this.nearTermsPending) return [];
      this.nearTerms = new NearStrings(this.termList());
      this.nearTerms.examined = this.nearExaminedBefore;
    }
    const near = this.nearTerms.near(word, maxEdits).map(({ text, edits }) => ({ term: text, edits }));
    this.nearExaminedBefore = this.nearTerms.examined;
    return near;
  }

  /**
   * Builds the near-spelling index a few thousand words at a time, yielding to the event loop
   * between chunks, so a server pays for it while idle after start-up rather than in the first
   * request with an unknown word (a build of 36,000 words takes 70–90 ms).
   */
  async prepareNearTerms(): Promise<void> {
    if (this.nearTerms || this.nearTermsPending) return;
    this.nearTermsPending = true;
    try {
      const terms = this.termList();
      // A word added meanwhile would be missing: then the index is built when first used.
      const built = await nearStringsInChunks(terms, () => this.nearTerms !== null || this.sortedTerms !== terms);
      if (!built) return;
      built.examined = this.nearExaminedBefore;
      this.nearTerms = built;
    } finally {
      this.nearTermsPending = false;
    }
  }

  /** Words examined by every termsNear so far (tests check the budget with it). */
  get nearTermsExamined(): number {
    return this.nearExaminedBefore;
  }

  /**
   * Listings containing groups of terms, scored by field-weighted BM25: each group is one word
   * of a lookup with the terms that stand for it (itself, words it begins, near spellings), each
   * weighted; a listing scores a group by its best term. With `requireAll`, a listing must match
   * every group. Unordered.
   */
  matchTermGroups(groups: { term: string; weight: number }[][], { requireAll }: { requireAll: boolean }): { slug: string; score: number }[] {
    const slots = this.slugs.length;
    if (this.lookupTotals.length < slots) {
      this.lookupTotals = new Float64Array(Math.max(slots, this.lookupTotals.length * 2, 1024));
      this.lookupBest = new Float64Array(this.lookupTotals.length);
      this.lookupMatched = new Uint32Array(this.lookupTotals.length);
    }
    const { lookupTotals: totals, lookupBest: best, lookupMatched: matched, slugs } = this;
    const norms = this.lengthNorms();
    const touched: number[] = [];
    const used = groups.slice(0, 31);
    used.forEach((group, g) => {
      const groupTouched: number[] = [];
      for (const { term, weight } of group) {
        const postings = this.postings.get(term);
        if (!postings || term.startsWith('\u0001')) continue;
        const factor = weight * this.idf(postings) * (K1 + 1);
        const { docs, weights } = postings;
        for (let i = 0; i < docs.length; i += 1) {
          const doc = docs[i]!;
          if (slugs[doc] === null) continue;
          const tf = weights[i]!;
          const score = (factor * tf) / (tf + norms[doc]!);
          if (score > best[doc]!) {
            if (best[doc] === 0) groupTouched.push(doc);
            best[doc] = score;
          }
        }
      }
      for (const doc of groupTouched) {
        if (matched[doc] === 0) touched.push(doc);
        totals[doc]! += best[doc]!;
        matched[doc]! |= 1 << g;
        best[doc] = 0;
      }
    });
    const all = used.length === 31 ? 0x7fffffff : (1 << used.length) - 1;
    const found: { slug: string; score: number }[] = [];
    for (const doc of touched) {
      if (!requireAll || matched[doc] === all) found.push({ slug: slugs[doc]!, score: totals[doc]! });
      totals[doc] = 0;
      matched[doc] = 0;
    }
    return found;
  }

  private termList(): string[] {
    this.sortedTerms ??= [...this.postings.keys()].filter((key) => !key.startsWith('\u0001')).sort();
    return this.sortedTerms;
  }

  /** The parts of a need that the index knows: its words and the capabilities they name. */
  private needUnits(need: string): { units: (NeedUnit & { capabilityKey?: string; evokedBy?: Set<string> })[]; unknown: string[] } {
    const { text, demoted, hindered, payload, describing } = readNeedText(need);
    // A unit counts as its weakest reading allows: all run context, or all the act the need hinders or the payload (run context included), or whole.
    const weightOfWords = (words: string[]) =>
      words.every((word) => demoted.has(word))
        ? RUN_CONTEXT_WEIGHT
        : words.every((word) => demoted.has(word) || hindered.has(word))
          ? HINDERED_WEIGHT
          : words.every((word) => demoted.has(word) || payload.has(word))
            ? PAYLOAD_WEIGHT
            : 1;
    const wordsOf = new Map<string, string>();
    const analyzed = analyzeText(text, wordsOf, describing);
    const terms = new Set(analyzed.terms);
    // A compound the catalogue knows stands for its parts: "real time" is one need, not two.
    const joined: { term: string; parts: [string, string] }[] = [];
    for (const { term, parts, written } of analyzed.compounds) {
      const known = this.postings.get(term);
      // A pair the catalogue hardly writes as one word ("user-uploaded") is read as its two words.
      if ((written || known?.written) && known !== undefined && this.idf(known) <= MAX_JOINED_IDF) {
        terms.add(term);
        for (const part of parts) terms.delete(part);
        joined.push({ term, parts });
      } else if (written) {
        terms.delete(term);
        for (const part of parts) terms.add(part);
      }
    }
    const units: (NeedUnit & { capabilityKey?: string; evokedBy?: Set<string> })[] = [];
    for (const term of terms) {
      const postings = this.postings.get(term);
      if (!postings) continue;
      units.push({ key: term, word: asWrittenIn(need, wordsOf.get(term) ?? term), kind: 'term', idf: this.idf(postings), weight: weightOfWords([term]) });
    }
    for (const [capability, stems] of this.phrases.capabilitiesIn(analyzed)) {
      // The compound that stands for a phrase's words is named by it too: "time zone" names time zones, so does its "timezone".
      for (const { term, parts } of joined) if (parts.some((part) => stems.has(part))) stems.add(term);
      const key = this.capabilityKeys[capability]!;
      const postings = this.postings.get(key);
      if (!postings) continue;
      units.push({ key: this.vocabulary[capability]!.label, capabilityKey: key, kind: 'capability', idf: this.idf(postings), weight: CAPABILITY_WEIGHT * weightOfWords([...stems]), evokedBy: stems });
    }
    // Words no listing has and no capability covers still belong to the need: no listing serves
    // them. Run-context words are not held against anyone.
    const unknown = [...terms].filter((term) => term.length >= 3 && !demoted.has(term) && !this.postings.has(term) && !units.some((unit) => unit.evokedBy?.has(term)));
    return { units: units.slice(0, MAX_QUERY_UNITS), unknown };
  }

  /** For each unit, the units whose match also covers it: a word is covered by a capability it names. */
  private coverageMasks(units: (NeedUnit & { evokedBy?: Set<string> })[]): number[] {
    return units.map((unit, u) => {
      let mask = 1 << u;
      if (unit.kind === 'term' && !this.platformStems.has(unit.key)) {
        units.forEach((other, o) => {
          if (other.evokedBy?.has(unit.key)) mask |= 1 << o;
        });
      }
      return mask;
    });
  }

  private idf(postings: Postings): number {
    const df = postings.docs.length;
    return Math.log(1 + (this.alive - df + 0.5) / (df + 0.5));
  }

  private post(key: string, doc: number, weight: number, fields: number, written = true): void {
    let postings = this.postings.get(key);
    if (!postings) {
      postings = { written: false, docs: [], weights: [], fields: [] };
      this.postings.set(key, postings);
      this.sortedTerms = null;
      if (!key.startsWith('\u0001')) this.nearTerms?.add(key);
    }
    postings.written ||= written;
    if (!Array.isArray(postings.docs)) {
      postings.docs = Array.from(postings.docs);
      postings.weights = Array.from(postings.weights);
      postings.fields = Array.from(postings.fields);
    }
    (postings.docs as number[]).push(doc);
    (postings.weights as number[]).push(weight);
    (postings.fields as number[]).push(fields);
  }

  /** The index as flat arrays (dead slots compacted away first). */
  toState(): NeedIndexState {
    if (this.alive < this.slugs.length) this.compact();
    const terms = [...this.postings.keys()];
    const offsets = new Int32Array(terms.length + 1);
    terms.forEach((term, i) => {
      offsets[i + 1] = offsets[i]! + this.postings.get(term)!.docs.length;
    });
    const total = offsets[terms.length]!;
    const state: NeedIndexState = {
      terms,
      written: new Uint8Array(terms.length),
      offsets,
      docs: new Int32Array(total),
      weights: new Float64Array(total),
      fields: new Uint8Array(total),
      slugs: this.slugs as string[],
      lengths: Float64Array.from(this.lengths),
      docCategory: Int32Array.from(this.docCategory),
      docProvider: Int32Array.from(this.docProvider),
      providers: this.providers,
      categoryNames: this.categoryNames,
      categorySizes: Int32Array.from(this.categorySizes),
    };
    terms.forEach((term, i) => {
      const postings = this.postings.get(term)!;
      state.written[i] = postings.written ? 1 : 0;
      state.docs.set(postings.docs, offsets[i]);
      state.weights.set(postings.weights, offsets[i]);
      state.fields.set(postings.fields, offsets[i]);
    });
    return state;
  }

  /**
   * An index holding what `toState` wrote; long postings lists are views on the state's arrays.
   * `allViews` makes the short ones views too, for a process that reads the index once and ends
   * (a CLI command): copying the default catalogue's ~33,000 short lists into arrays took 0.1 s.
   * A server keeps them as arrays, which take less memory than views.
   */
  static fromState(state: NeedIndexState, vocabularyText?: string, { allViews = false }: { allViews?: boolean } = {}): NeedIndex {
    const index = new NeedIndex(vocabularyText);
    state.terms.forEach((term, i) => {
      const start = state.offsets[i]!;
      const end = state.offsets[i + 1]!;
      const long = allViews || end - start >= PACK_FROM;
      const docs = state.docs.subarray(start, end);
      const weights = state.weights.subarray(start, end);
      const fields = state.fields.subarray(start, end);
      index.postings.set(
        term,
        long
          ? { written: state.written[i] === 1, docs, weights, fields }
          : { written: state.written[i] === 1, docs: Array.from(docs), weights: Array.from(weights), fields: Array.from(fields) },
      );
    });
    index.slugs = state.slugs;
    state.slugs.forEach((slug, doc) => index.docBySlug.set(slug, doc));
    index.lengths = Array.from(state.lengths);
    index.docCategory = Array.from(state.docCategory);
    index.categoryNames = state.categoryNames;
    index.categorySizes = Array.from(state.categorySizes);
    index.docProvider = Array.from(state.docProvider);
    index.providers = state.providers;
    state.providers.forEach((name, provider) => index.providerNumbers.set(name, provider));
    index.nameTerms = null;
    state.categoryNames.forEach((name, category) => index.categoryIds.set(name, category));
    index.totalLength = index.lengths.reduce((sum, length) => sum + length, 0);
    index.alive = state.slugs.length;
    return index;
  }

  private providerNumberOf(name: string): number {
    let provider = this.providerNumbers.get(name);
    if (provider === undefined) {
      provider = this.providers.length;
      this.providerNumbers.set(name, provider);
      this.providers.push(name);
    }
    return provider;
  }

  /**
   * Marks with FAMILY_BIT the name postings of words that name a provider's product line (see
   * FAMILY_WORD_MIN_NAMES), afresh after each batch of changes: a word is one only while the
   * catalogue as a whole bears it out.
   */
  private markFamilyWords(): void {
    this.nameTerms ??= this.termsInNames();
    for (const term of this.familyWords) {
      const fields = this.postings.get(term)?.fields;
      if (fields) for (let i = 0; i < fields.length; i += 1) fields[i] = fields[i]! & ~FAMILY_BIT;
    }
    this.familyWords.clear();
    const someDead = this.alive < this.slugs.length;
    const namesBy = new Map<number, number>();
    for (const term of this.nameTerms) {
      const postings = this.postings.get(term);
      if (!postings) {
        this.nameTerms.delete(term);
        continue;
      }
      const { docs, fields } = postings;
      if (!someDead && docs.length > FAMILY_WORD_MAX_LISTINGS) continue;
      namesBy.clear();
      let listings = 0;
      let named = 0;
      for (let i = 0; i < docs.length; i += 1) {
        if (this.slugs[docs[i]!] === null) continue;
        const provider = this.docProvider[docs[i]!]!;
        listings += 1;
        if ((fields[i]! & FIELD_BIT.name) === 0) continue;
        named += 1;
        if (provider >= 0) namesBy.set(provider, (namesBy.get(provider) ?? 0) + 1);
      }
      if (listings > FAMILY_WORD_MAX_LISTINGS) continue;
      let family = -1;
      for (const [provider, count] of namesBy) if (count >= FAMILY_WORD_MIN_NAMES && count * 2 > named) family = provider;
      if (family < 0) continue;
      for (let i = 0; i < docs.length; i += 1) {
        if (this.docProvider[docs[i]!] === family && this.slugs[docs[i]!] !== null && fields[i]! & FIELD_BIT.name) fields[i] = fields[i]! | FAMILY_BIT;
      }
      this.familyWords.add(term);
    }
  }

  /** The terms some listing has in its name, read from the postings; those marked as family words join familyWords. */
  private termsInNames(): Set<string> {
    const terms = new Set<string>();
    for (const [term, { fields }] of this.postings) {
      if (term.startsWith(CAPABILITY_KEY_PREFIX)) continue;
      for (let i = 0; i < fields.length; i += 1) {
        if (fields[i]! & FIELD_BIT.name) terms.add(term);
        if (fields[i]! & FAMILY_BIT) this.familyWords.add(term);
      }
    }
    return terms;
  }

  /** Packs every grown postings list into typed arrays and marks family words anew; call after a batch of changes. */
  pack(): void {
    for (const postings of this.postings.values()) {
      if (!Array.isArray(postings.docs) || postings.docs.length < PACK_FROM) continue;
      postings.docs = Int32Array.from(postings.docs);
      postings.weights = Float64Array.from(postings.weights);
      postings.fields = Uint8Array.from(postings.fields);
    }
    this.markFamilyWords();
  }

  private compact(): void {
    const renumber = new Int32Array(this.slugs.length).fill(-1);
    const slugs: string[] = [];
    const lengths: number[] = [];
    const docCategory: number[] = [];
    const docProvider: number[] = [];
    this.slugs.forEach((slug, doc) => {
      if (slug === null) return;
      renumber[doc] = slugs.length;
      this.docBySlug.set(slug, slugs.length);
      slugs.push(slug);
      lengths.push(this.lengths[doc]!);
      docCategory.push(this.docCategory[doc]!);
      docProvider.push(this.docProvider[doc]!);
    });
    for (const [key, postings] of this.postings) {
      const kept = { written: postings.written, docs: [] as number[], weights: [] as number[], fields: [] as number[] };
      postings.docs.forEach((doc, i) => {
        if (renumber[doc]! < 0) return;
        kept.docs.push(renumber[doc]!);
        kept.weights.push(postings.weights[i]!);
        kept.fields.push(postings.fields[i]!);
      });
      if (kept.docs.length) this.postings.set(key, kept);
      else this.postings.delete(key);
    }
    this.sortedTerms = null;
    this.nearTerms = null;
    this.slugs = slugs;
    this.lengths = lengths;
    this.version += 1;
    // Listings are numbered afresh, so the kept normalisations no longer line up.
    this.norms = new Float64Array(0);
    this.docCategory = docCategory;
    this.docProvider = docProvider;
    this.docCategoriesTyped = new Int32Array(0);
    this.pack();
  }
}
