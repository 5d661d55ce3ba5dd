import { postingScore, seek, unsupported, type ListStats, type Postings } from './need-postings.ts';

/**
 * The two ways a need's postings lists are read into its best listings (see NeedIndex.search):
 * whole, a term at a time, for needs whose lists are all short; and with max-score pruning, for
 * needs with a long list. Both add a listing's parts in the same order, so their scores agree to
 * the last bit (need-index-pruning.test.ts).
 */

/**
 * Bounds are worked out in a different order of floating-point operations than the scores they
 * bound, so they are raised by this much before a listing is passed over: never a listing that
 * could enter, at the cost of a few more looked at.
 */
const BOUND_SLACK = 1 + 1e-9;
/** How many listings (by number) a pruned read adds up at a time (see readPruned); its tables stay in the CPU's cache. */
const READ_WINDOW = 2048;
/** A pruned read puts at most this many listings a window found in order by sorting them; more, by a scan of the window. */
const SORT_FOUND_UP_TO = 32;
/** A pruned read first scores whole the listings of the shortest of its first this many lists (see readPruned)... */
const SEED_FROM_UNITS = 3;
/** ...when that list has at most this many. */
const SEED_LISTINGS = 256;

/** What the two ways of reading a need's lists share (see NeedIndex.search). */
export interface NeedRead {
  units: readonly { kind: 'term' | 'capability' }[];
  lists: Postings[];
  /** Each unit's weight × idf × (K1 + 1): what postingScore multiplies. */
  factors: number[];
  /** The units, the ones that can add the most first: the order a listing's parts are added in. */
  order: number[];
  norms: Float64Array;
  /** How much a listing is lifted: categoryLift[docCategories[doc]] (see search). */
  categoryLift: Float64Array;
  docCategories: Int32Array;
  /** What the units in `mask` cover: an upper bound of coverageOfMatch, for pruning. */
  coverageFor: (mask: number) => number;
  /** What a listing covers, given the units it matched and those it matched only in its name or shelf (see need-index.ts UNSUPPORTED_COVERAGE). */
  coverageOfMatch: (mask: number, unsupportedMask: number) => number;
  ranksAbove: (score: number, doc: number, other: { doc: number; score: number }) => boolean;
  limit: number;
  keep: ((slug: string) => boolean) | undefined;
}

/** A listing a read found among the best: its whole score, the units it matched, where, and which only in its name or shelf. */
export interface Found {
  doc: number;
  score: number;
  mask: number;
  fields: number;
  unsupportedMask: number;
}

/** The tables a pruned read adds a window's parts up in, kept zeroed between reads. */
export interface ReadWindow {
  windowScores: Float64Array;
  windowMasks: Int32Array;
  windowFields: Uint8Array;
  windowUnsupported: Int32Array;
  windowFound: Int32Array;
}

export const newReadWindow = (): ReadWindow => ({
  windowScores: new Float64Array(READ_WINDOW),
  windowMasks: new Int32Array(READ_WINDOW),
  windowFields: new Uint8Array(READ_WINDOW),
  windowUnsupported: new Int32Array(READ_WINDOW),
  windowFound: new Int32Array(READ_WINDOW),
});

/**
 * What a read works in: per listing (by number), the score, units, fields and unsupported units
 * added up so far, all zero between reads and left zero after; the pruned read's window; and the
 * index's slugs (null for a dead slot, passed over when `someDead`).
 */
export interface ReadTables {
  scores: Float64Array;
  /** Room for the listings a whole read touches, in the order first touched (as many slots as scores). */
  touched: Int32Array;
  matched: Uint32Array;
  fieldMasks: Uint8Array;
  unsupportedMasks: Uint32Array;
  window: ReadWindow;
  slugs: readonly (string | null)[];
  someDead: boolean;
}

/** The best found, best first; how many listings were scored; and whether some list was only looked up or some listing passed over below the bar. */
export interface ReadOutcome {
  best: Found[];
  scored: number;
  pruned: boolean;
}

/**
 * Puts a found listing in its place among `best` (best first), keeping at most `limit`: the ones
 * below it move down a place in turn, where splice would make an array of what it removed on
 * every call.
 */
function placeAmongBest(best: Found[], found: Found, limit: number, ranksAbove: NeedRead['ranksAbove']): void {
  let at = best.length;
  while (at > 0 && ranksAbove(found.score, found.doc, best[at - 1]!)) at -= 1;
  if (at >= limit) return;
  if (best.length < limit) best.push(found);
  for (let k = best.length - 1; k > at; k -= 1) best[k] = best[k - 1]!;
  best[at] = found;
}

/**
 * Every list read whole, a term at a time: each listing's parts added up in `order`. For
 * needs whose lists are all short, where pruning would cost more than it saves.
 */
export function readWhole(read: NeedRead, tables: ReadTables): ReadOutcome {
  const { units, lists, factors, order, norms, categoryLift, docCategories, coverageOfMatch, ranksAbove, limit, keep } = read;
  const { scores, matched, fieldMasks, unsupportedMasks, touched, slugs, someDead } = tables;
  let touchedCount = 0;
  for (const u of order) {
    const { docs, weights, fields } = lists[u]!;
    const factor = factors[u]!;
    const bit = 1 << u;
    const isTerm = units[u]!.kind === 'term';
    for (let i = 0; i < docs.length; i += 1) {
      const doc = docs[i]!;
      if (someDead && slugs[doc] === null) continue;
      if (matched[doc] === 0) touched[touchedCount++] = doc;
      scores[doc]! += postingScore(factor, weights[i]!, fields[i]!, norms[doc]!);
      matched[doc]! |= bit;
      if (isTerm) fieldMasks[doc]! |= fields[i]!;
      if (unsupported(fields[i]!)) unsupportedMasks[doc]! |= bit;
    }
  }
  // The `limit` best, best first. Coverage is at most 1, so the lifted score alone bounds the
  // whole score: a listing whose lifted score is below the `limit`-th best is passed over
  // without working out its coverage. The filter runs only on listings that would enter.
  const best: Found[] = [];
  try {
    for (let t = 0; t < touchedCount; t += 1) {
      const doc = touched[t]!;
      const lifted = scores[doc]! * categoryLift[docCategories[doc]!]!;
      if (best.length === limit && lifted < best[limit - 1]!.score) continue;
      const score = lifted * coverageOfMatch(matched[doc]!, unsupportedMasks[doc]!);
      if (best.length === limit && !ranksAbove(score, doc, best[limit - 1]!)) continue;
      if (keep && !keep(slugs[doc]!)) continue;
      placeAmongBest(best, { doc, score, mask: matched[doc]!, fields: fieldMasks[doc]!, unsupportedMask: unsupportedMasks[doc]! }, limit, ranksAbove);
    }
  } finally {
    // Cleared even when `keep` throws: the tables serve every later search.
    for (let t = 0; t < touchedCount; t += 1) {
      const doc = touched[t]!;
      scores[doc] = 0;
      matched[doc] = 0;
      fieldMasks[doc] = 0;
      unsupportedMasks[doc] = 0;
    }
  }
  return { best, scored: touchedCount, pruned: false };
}

/**
 * The lists read with max-score pruning: the units are split at the bar (the `limit`-th best
 * whole score so far) into those whose lists are read whole ("essential") and the rest, whose
 * parts together could not lift a listing that only they match up to the bar. The essential
 * lists are added up a window of listings at a time (see READ_WINDOW); each listing found is
 * then looked up in the rest (galloping forward) only while what it has plus the most the rest
 * could add still reaches the bar. As the bar rises, more units fall into the rest. Bounds use
 * each list's upper bound within the listing's category (ListStats.uppers) and that category's
 * lift (or, for listings not yet seen, the most any category reaches), and the coverage of
 * every unit that could still match: each never below what the whole score has. A listing's
 * whole score adds its parts in `order`, exactly as readWhole does, so scores are the same to the
 * last bit.
 */
export function readPruned(read: NeedRead, stats: ListStats[], tables: ReadTables): ReadOutcome {
  try {
    return readPrunedInWindows(read, stats, tables);
  } catch (error) {
    // `keep` threw with a window part added up: cleared whole, as it serves every later search.
    const { windowScores, windowMasks, windowFields, windowUnsupported } = tables.window;
    for (const table of [windowScores, windowMasks, windowFields, windowUnsupported]) table.fill(0);
    throw error;
  }
}

function readPrunedInWindows(read: NeedRead, stats: ListStats[], tables: ReadTables): ReadOutcome {
  const { units, lists, factors, order, norms, categoryLift, docCategories, coverageFor, coverageOfMatch, ranksAbove, limit, keep } = read;
  const { slugs, someDead } = tables;
  const n = order.length;
  // What the units from order[k] on could add at most to a listing of category c,
  // restUpper[k × categories + c]; which units those are; and the most a listing that only
  // they match scores, whatever its category.
  const categoryCount = categoryLift.length;
  const restUpper = new Float64Array((n + 1) * categoryCount);
  const restMask = new Int32Array(n + 1);
  const restBound = new Float64Array(n + 1);
  for (let k = n - 1; k >= 0; k -= 1) {
    const u = order[k]!;
    const row = k * categoryCount;
    restUpper.copyWithin(row, row + categoryCount, row + 2 * categoryCount);
    const { categories, uppers } = stats[u]!;
    for (let i = 0; i < categories.length; i += 1) restUpper[row + categories[i]!]! += factors[u]! * uppers[i]!;
    restMask[k] = restMask[k + 1]! | (1 << u);
    let most = 0;
    for (let c = 0; c < categoryCount; c += 1) most = Math.max(most, restUpper[row + c]! * categoryLift[c]!);
    restBound[k] = most * coverageFor(restMask[k]!) * BOUND_SLACK;
  }
  // Typed arrays throughout (short lists are JS arrays), so that reading them stays one kind of access.
  const docsOf = lists.map(({ docs }) => (docs instanceof Int32Array ? docs : Int32Array.from(docs)));
  const weightsOf = lists.map(({ weights }) => (weights instanceof Float64Array ? weights : Float64Array.from(weights)));
  const fieldsOf = lists.map(({ fields }) => (fields instanceof Uint8Array ? fields : Uint8Array.from(fields)));
  const isTerm = units.map((unit) => unit.kind === 'term');
  const at = new Int32Array(n);
  const best: Found[] = [];
  let scored = 0;
  let bar = -Infinity;
  // Units order[0..essential − 1] are read whole; the rest only looked up.
  let essential = n;
  let prunedAny = false;
  /** Listings scored whole before the reading (see the seeding below), when a list is short enough to seed from. */
  let seededDocs: Set<number> | undefined;
  /** Puts a listing with its whole score among the best (if it ranks there and `keep` lets it) and raises the bar. */
  const enter = (doc: number, score: number, mask: number, fieldMask: number, unsupportedMask: number) => {
    if (best.length === limit && !ranksAbove(score, doc, best[limit - 1]!)) return;
    // A seeded listing met again would score the same to the bit (its parts added in `order` both
    // times): it is among the best, below them, or left out by `keep` (a pure filter) already.
    if (seededDocs?.has(doc)) return;
    if (keep && !keep(slugs[doc]!)) return;
    placeAmongBest(best, { doc, score, mask, fields: fieldMask, unsupportedMask }, limit, ranksAbove);
    if (best.length === limit) {
      bar = best[limit - 1]!.score;
      while (essential > 0 && restBound[essential - 1]! < bar) essential -= 1;
    }
  };
  // The bar starts low and rises as listings enter, in listing order. Listings of the shortest
  // of the first few lists (those that can add the most) are likelier than most to end among
  // the best: scored whole first, they set a bar near where it ends before the reading starts.
  // The reading meets them again and leaves them where they are (see enter).
  let seedUnit = -1;
  for (let k = 0; k < Math.min(n, SEED_FROM_UNITS); k += 1) {
    const u = order[k]!;
    if (docsOf[u]!.length <= SEED_LISTINGS && (seedUnit < 0 || docsOf[u]!.length < docsOf[seedUnit]!.length)) seedUnit = u;
  }
  if (seedUnit >= 0) {
    seededDocs = new Set<number>();
    const seedAt = new Int32Array(n);
    for (const doc of docsOf[seedUnit]!) {
      if (someDead && slugs[doc] === null) continue;
      let mask = 0;
      let fieldMask = 0;
      let unsupportedMask = 0;
      let sum = 0;
      for (let k = 0; k < n; k += 1) {
        const u = order[k]!;
        const docs = docsOf[u]!;
        const i = (seedAt[u] = seek(docs, seedAt[u]!, doc));
        if (i >= docs.length || docs[i] !== doc) continue;
        const fields = fieldsOf[u]!;
        sum += postingScore(factors[u]!, weightsOf[u]![i]!, fields[i]!, norms[doc]!);
        mask |= 1 << u;
        if (isTerm[u]) fieldMask |= fields[i]!;
        if (unsupported(fields[i]!)) unsupportedMask |= 1 << u;
      }
      scored += 1;
      enter(doc, sum * categoryLift[docCategories[doc]!]! * coverageOfMatch(mask, unsupportedMask), mask, fieldMask, unsupportedMask);
      seededDocs.add(doc);
    }
  }
  // The essential lists are read a window of listings at a time, their parts added up per
  // listing in a small table (a term at a time, as readWhole does: cheap per posting); then
  // each listing the window found is weighed against the bar and, if it can still enter,
  // looked up in the rest and scored whole.
  const { windowScores, windowMasks, windowFields, windowUnsupported, windowFound } = tables.window;
  while (essential > 0) {
    let low = 0x7fffffff;
    for (let k = 0; k < essential; k += 1) {
      const u = order[k]!;
      if (at[u]! < docsOf[u]!.length) low = Math.min(low, docsOf[u]![at[u]!]!);
    }
    if (low === 0x7fffffff) break;
    const high = low + READ_WINDOW;
    const windowEssential = essential;
    let found = 0;
    for (let k = 0; k < windowEssential; k += 1) {
      const u = order[k]!;
      const docs = docsOf[u]!;
      const weights = weightsOf[u]!;
      const fields = fieldsOf[u]!;
      const factor = factors[u]!;
      const bit = 1 << u;
      const term = isTerm[u]!;
      let i = at[u]!;
      for (; i < docs.length; i += 1) {
        const doc = docs[i]!;
        if (doc >= high) break;
        const slot = doc - low;
        if (windowMasks[slot] === 0) windowFound[found++] = slot;
        windowScores[slot]! += postingScore(factor, weights[i]!, fields[i]!, norms[doc]!);
        windowMasks[slot]! |= bit;
        if (term) windowFields[slot]! |= fields[i]!;
        if (unsupported(fields[i]!)) windowUnsupported[slot]! |= bit;
      }
      at[u] = i;
    }
    // In listing order, for galloping through the rest (one list found them in order already):
    // a few sorted, more rewritten by a scan of the window's marks, cheaper than a sort of hundreds.
    if (windowEssential > 1 && found <= SORT_FOUND_UP_TO) windowFound.subarray(0, found).sort();
    else if (windowEssential > 1) for (let slot = 0, f = 0; f < found; slot += 1) if (windowMasks[slot] !== 0) windowFound[f++] = slot;
    scored += found;
    for (let f = 0; f < found; f += 1) {
      const slot = windowFound[f]!;
      const doc = low + slot;
      let known = windowScores[slot]!;
      let mask = windowMasks[slot]!;
      let fieldMask = windowFields[slot]!;
      let unsupportedMask = windowUnsupported[slot]!;
      windowScores[slot] = 0;
      windowMasks[slot] = 0;
      windowFields[slot] = 0;
      windowUnsupported[slot] = 0;
      if (someDead && slugs[doc] === null) continue;
      const category = docCategories[doc]!;
      const docLift = categoryLift[category]!;
      // `known` holds the essential parts added in order; the rest's parts follow in order: the same sum as readWhole's.
      let below = false;
      for (let k = windowEssential; k < n; k += 1) {
        if ((known + restUpper[k * categoryCount + category]!) * docLift * coverageFor(mask | restMask[k]!) * BOUND_SLACK < bar) {
          below = true;
          break;
        }
        const u = order[k]!;
        const docs = docsOf[u]!;
        const i = (at[u] = seek(docs, at[u]!, doc));
        if (i >= docs.length || docs[i] !== doc) continue;
        const fields = fieldsOf[u]!;
        const score = postingScore(factors[u]!, weightsOf[u]![i]!, fields[i]!, norms[doc]!);
        known += score;
        mask |= 1 << u;
        if (isTerm[u]) fieldMask |= fields[i]!;
        if (unsupported(fields[i]!)) unsupportedMask |= 1 << u;
      }
      if (below) {
        prunedAny = true;
        continue;
      }
      enter(doc, known * docLift * coverageOfMatch(mask, unsupportedMask), mask, fieldMask, unsupportedMask);
    }
  }
  return { best, scored, pruned: prunedAny || essential < n };
}
