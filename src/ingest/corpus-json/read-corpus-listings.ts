import { distance } from 'fastest-levenshtein';
import { readFile } from 'node:fs/promises';
import type { FieldProblem } from '../../core/errors.ts';
import { assessPublicApisRow } from '../../core/assessment/rules/public-apis-row.ts';
import { listingSchema, PRICING_TIERS, type Listing, type PricingTier } from '../../core/listings/listing.ts';
import { slugify } from '../../core/ranking/text.ts';
import { describeFieldProblems, toFieldProblems } from '../../core/validation-messages.ts';

/**
 * Reads a listings JSON file in the format of the benchmark corpus (`corpus/listings.json`:
 * one array of objects with slug, name, description, url, category, subcategory,
 * capabilities, pricing, plus public-apis' auth, https, cors and source) into one outcome per
 * item: a valid listing, a failure naming each bad field and its fix, or a duplicate skipped.
 * One bad item never hides the others; only a file that cannot be read, is not JSON or is not
 * an array fails as a whole (CorpusFileError).
 *
 * What is adjusted on the way in, and why (each adjustment is reported as a note on the item):
 * - Whitespace in text fields is collapsed to single spaces, line breaks included: the listing
 *   schema wants one-line text, and a line break in scraped data is layout, not meaning.
 * - A description over 300 characters is cut at a word boundary and ends with "…". Real
 *   descriptions run long with marketing text; the opening sentence says what the API does, so
 *   the listing is worth having, and failing it would drop an otherwise good API. The note
 *   says how long it was, so nothing is shortened silently.
 * - Tracking parameters are removed from `url`: every `utm_*` parameter (by definition
 *   analytics-only), and `ref`/`rel`/`source`/`via` when their value only names the list the
 *   link came from ("public-apis", "github", …). A `ref` with any other value is kept: some
 *   API calls need it (postcodedata.nl takes `ref=` your domain).
 * - Empty strings and nulls in optional fields mean "not shown" and are left out (ADR 0005).
 *
 * - public-apis' `auth`, `https` and `cors` columns are evidence: the core's rule for a
 *   public-apis row (ADR 18) turns them into criteria and access facts, each pointing at the
 *   item ("#/12"), unless the item brings criteria of its own. `source` names where it came from.
 */

export type CorpusItem =
  | { index: number; slug: string; status: 'valid'; listing: Listing; notes: string[] }
  | { index: number; slug?: string; status: 'failed'; reason: string; problems: FieldProblem[] }
  | { index: number; slug: string; status: 'skipped'; reason: string };

export interface CorpusListings {
  /** One outcome per item of the file, in file order; `index` is the item's 0-based position. */
  items: CorpusItem[];
  /** The valid listings, in file order, duplicates removed: what an import saves. */
  listings: Listing[];
}

/** The file as a whole cannot be used: unreadable (environment), or not a JSON array (format). */
export class CorpusFileError extends Error {
  override name = 'CorpusFileError';
  constructor(
    message: string,
    readonly kind: 'unreadable' | 'format',
  ) {
    super(message);
  }
}

/** Fields taken into the listing. */
const TAKEN_FIELDS = ['slug', 'name', 'description', 'url', 'category', 'subcategory', 'capabilities', 'pricing'] as const;
/**
 * Fields of a listing as stored (listing.ts) that the corpus format lacks: a file of full
 * listings (an export, the benchmark's synthetic catalogue) imports too, checked by the schema.
 */
const LISTING_FIELDS = ['pricingTier', 'install', 'cliCriteria', 'qualityInputs', 'faq', 'package', 'provider', 'access', 'call', 'sources'] as const;
/** Fields of the public-apis rows read as evidence (auth, https, cors) or as a label (source). */
const IGNORED_FIELDS = ['auth', 'https', 'cors', 'source'] as const;
const KNOWN_FIELDS: readonly string[] = [...TAKEN_FIELDS, ...LISTING_FIELDS, ...IGNORED_FIELDS];

export const DESCRIPTION_MAX = 300;

const FORMAT_HINT = 'give a JSON array of listing objects, as in corpus/listings.json: [{"slug": "...", "name": "...", "description": "...", "category": "..."}]';

/** Reads and checks a corpus listings file; throws CorpusFileError when the file as a whole is unusable. */
export async function readCorpusListings(file: string): Promise<CorpusListings> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder, not a file' : (error as Error).message;
    throw new CorpusFileError(`Cannot read the listings file ${file}: ${reason}.`, 'unreadable');
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new CorpusFileError(`The listings file ${file} is not valid JSON (${(error as Error).message}); ${FORMAT_HINT}.`, 'format');
  }
  if (!Array.isArray(value)) {
    throw new CorpusFileError(`The listings file ${file} holds ${describeJsonValue(value)}, not an array; ${FORMAT_HINT}.`, 'format');
  }
  return checkCorpusListings(value);
}

/** Checks the items of an already parsed corpus array. */
export function checkCorpusListings(records: readonly unknown[]): CorpusListings {
  const items: CorpusItem[] = [];
  const listings: Listing[] = [];
  // The first valid item with a slug wins; later valid ones are skipped, naming it.
  const firstIndexOf = new Map<string, number>();
  records.forEach((record, index) => {
    const item = checkItem(record, index);
    if (item.status === 'valid') {
      const first = firstIndexOf.get(item.slug);
      if (first !== undefined) {
        items.push({ index, slug: item.slug, status: 'skipped', reason: `duplicate slug "${item.slug}": item ${first} has it and is kept; give this one another slug or remove it` });
        return;
      }
      firstIndexOf.set(item.slug, index);
      listings.push(item.listing);
    }
    items.push(item);
  });
  return { items, listings };
}

function checkItem(record: unknown, index: number): CorpusItem {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    const message = `the item is ${describeJsonValue(record)}; each item must be an object of listing fields`;
    return { index, status: 'failed', reason: `${message[0]!.toUpperCase()}${message.slice(1)}.`, problems: [{ field: '(item)', message }] };
  }
  const fields = record as Record<string, unknown>;
  const slug = typeof fields.slug === 'string' && fields.slug.trim() !== '' ? fields.slug.trim() : undefined;
  const notes: string[] = [];
  const problems: FieldProblem[] = Object.keys(fields)
    .filter((key) => !KNOWN_FIELDS.includes(key))
    .map((key) => ({ field: key, message: unknownFieldMessage(key) }));

  const input: Record<string, unknown> = {};
  const take = (key: string, value: unknown) => {
    if (value !== undefined) input[key] = value;
  };
  take('slug', typeof fields.slug === 'string' ? fields.slug.trim() : orAbsent(fields.slug));
  take('name', oneLine(fields.name, 'name', notes));
  take('description', description(fields.description, notes));
  take('url', url(fields.url, notes));
  take('category', oneLine(fields.category, 'category', notes));
  take('subcategory', optional(oneLine(fields.subcategory, 'subcategory', notes)));
  take('capabilities', capabilities(fields.capabilities, notes));
  const pricing = pricingTier(fields.pricing);
  if (pricing.problem) problems.push(pricing.problem);
  take('pricingTier', pricing.tier);
  if (fields.pricingTier !== undefined && fields.pricingTier !== null) {
    if (pricing.tier !== undefined) problems.push({ field: 'pricingTier', message: 'give pricing or pricingTier, not both; remove one' });
    else take('pricingTier', fields.pricingTier);
  }
  take('install', optional(oneLine(fields.install, 'install', notes)));
  for (const key of ['cliCriteria', 'qualityInputs', 'faq', 'package', 'provider', 'access', 'call', 'sources'] as const) take(key, orAbsent(fields[key]));
  const columns = { auth: fields.auth, https: fields.https, cors: fields.cors };
  if (Object.values(columns).some((value) => typeof value === 'string' && value.trim() !== '')) {
    const row = assessPublicApisRow({
      auth: typeof columns.auth === 'string' ? columns.auth : '',
      https: typeof columns.https === 'string' ? columns.https : '',
      cors: typeof columns.cors === 'string' ? columns.cors : '',
      pointer: `#/${index}`,
      evidencePrefix: 'corpus:',
    });
    if (input.cliCriteria === undefined && Object.keys(row.cliCriteria).length > 0) input.cliCriteria = row.cliCriteria;
    if (Object.keys(row.access).length > 0) input.access = row.access;
  }

  const parsed = listingSchema.safeParse(input);
  if (!parsed.success) {
    problems.push(
      ...toFieldProblems(parsed.error).map((problem) =>
        problem.field === 'slug' && fields.slug === undefined && typeof fields.name === 'string' && slugify(fields.name)
          ? { ...problem, message: `${problem.message}; add one, e.g. "${slugify(fields.name)}" from the name` }
          : problem,
      ),
    );
  }
  if (problems.length > 0 || !parsed.success) {
    return { index, ...(slug !== undefined ? { slug } : {}), status: 'failed', reason: describeFieldProblems(problems), problems };
  }
  return { index, slug: parsed.data.slug, status: 'valid', listing: parsed.data, notes };
}

/** null and "" mean the source does not show the value. */
const orAbsent = (value: unknown) => (value === null ? undefined : value);
const optional = (value: unknown) => (value === '' ? undefined : value);

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function oneLine(value: unknown, field: string, notes: string[]): unknown {
  if (typeof value !== 'string') return orAbsent(value);
  if (/[\r\n]/.test(value.trim())) notes.push(`${field}: line breaks joined into one line`);
  return collapse(value);
}

function description(value: unknown, notes: string[]): unknown {
  const text = oneLine(value, 'description', notes);
  if (typeof text !== 'string' || text.length <= DESCRIPTION_MAX) return text;
  notes.push(`description: ${text.length} characters cut to ${DESCRIPTION_MAX} at a word boundary ("…" marks the cut)`);
  return cutAtWord(text, DESCRIPTION_MAX);
}

/** The longest start of `text` that ends at a word boundary and, with "…", fits in `max`. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  let head = text.slice(0, max - 1);
  const lastSpace = head.lastIndexOf(' ');
  // A word boundary in the last third; otherwise one very long "word" (a URL) is cut where it must be.
  if (text[max - 1] !== ' ' && lastSpace >= (max * 2) / 3) head = head.slice(0, lastSpace);
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head.replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

function capabilities(value: unknown, notes: string[]): unknown {
  if (!Array.isArray(value)) return orAbsent(value);
  return value.map((capability) => oneLine(capability, 'capabilities', notes));
}

const TRACKING_SOURCES = /^(github|public-?apis|pub-?apis)$/i;

const isTrackingParameter = (name: string, value: string) =>
  /^utm_/i.test(name) || (['ref', 'rel', 'source', 'via'].includes(name.toLowerCase()) && TRACKING_SOURCES.test(value));

/** Removes tracking parameters (see the header) and keeps the rest of the URL exactly as written. */
export function removeTrackingParameters(url: string): { url: string; removed: string[] } {
  const match = /^([^?#]*)\?([^#]*)(#.*)?$/.exec(url);
  if (!match) return { url, removed: [] };
  const [, base = '', query = '', fragment = ''] = match;
  const removed: string[] = [];
  const kept = query.split('&').filter((pair) => {
    if (pair === '') return false;
    const [name = '', value = ''] = pair.split('=', 2);
    let decoded = value;
    try {
      decoded = decodeURIComponent(value.replaceAll('+', ' '));
    } catch {
      // keep the raw value for the check
    }
    if (!isTrackingParameter(name, decoded)) return true;
    removed.push(name);
    return false;
  });
  if (removed.length === 0) return { url, removed };
  return { url: `${base}${kept.length > 0 ? `?${kept.join('&')}` : ''}${fragment}`, removed };
}

function url(value: unknown, notes: string[]): unknown {
  if (typeof value !== 'string') return orAbsent(value);
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const cleaned = removeTrackingParameters(trimmed);
  if (cleaned.removed.length > 0) notes.push(`url: tracking parameters removed (${cleaned.removed.join(', ')})`);
  return cleaned.url;
}

const PRICING_BY_KEY = new Map<string, PricingTier>(PRICING_TIERS.map((tier) => [slugify(tier), tier]));

function pricingTier(value: unknown): { tier?: PricingTier; problem?: FieldProblem } {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return {};
  const tier = typeof value === 'string' ? PRICING_BY_KEY.get(slugify(value)) : undefined;
  if (tier) return { tier };
  return { problem: { field: 'pricing', message: `pricing must be one of ${PRICING_TIERS.join(', ')}; got ${JSON.stringify(value)}` } };
}

function unknownFieldMessage(key: string): string {
  const near = KNOWN_FIELDS.map((known) => ({ known, edits: distance(key.toLowerCase(), known) }))
    .filter((candidate) => candidate.edits <= 2)
    .sort((a, b) => a.edits - b.edits)[0];
  return near
    ? `unknown field "${key}"; rename it to "${near.known}"`
    : `unknown field "${key}"; remove it (accepted: ${KNOWN_FIELDS.join(', ')})`;
}

function describeJsonValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `a string (${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)})`;
  return `a ${typeof value} (${String(value)})`;
}
