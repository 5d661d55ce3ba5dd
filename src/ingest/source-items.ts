import type { FieldProblem } from '../core/errors.ts';
import type { Listing } from '../core/listings/listing.ts';
import { slugify } from '../core/ranking/text.ts';

/**
 * What every importer (listings JSON and YAML, public-apis Markdown, OpenAPI documents) hands
 * to `importListings`: one outcome per item of the source, in source order. A valid item
 * carries a checked listing; a failed one says what is wrong and how to fix it; a skipped one
 * why it was left out. Nothing is saved by a reader.
 */

export type SourceFormat = 'json' | 'yaml' | 'public-apis-md' | 'openapi';
export const SOURCE_FORMATS: readonly SourceFormat[] = ['json', 'yaml', 'public-apis-md', 'openapi'];

/**
 * Where a listing's slug comes from.
 * - `source`: the source names it (listings JSON/YAML): the slug is the item's identity.
 * - `derived`: the importer made it from the name (Markdown rows, OpenAPI documents); when it
 *   belongs to another API the importer tries `alternativeSlugs`, then numbered ones.
 */
export type SlugOrigin = 'source' | 'derived';

export type SourceItem =
  | { index: number; where?: string; status: 'valid'; listing: Listing; slugFrom: SlugOrigin; alternativeSlugs?: string[]; notes: string[] }
  | { index: number; where?: string; slug?: string; status: 'failed'; reason: string; problems: FieldProblem[] }
  | { index: number; where?: string; slug?: string; status: 'skipped'; reason: string };

export type ValidSourceItem = Extract<SourceItem, { status: 'valid' }>;

export interface SourceItems {
  format: SourceFormat;
  items: SourceItem[];
}

/** The whole source cannot be used: unreadable (environment), or of the wrong kind (usage). */
export class SourceError extends Error {
  override name = 'SourceError';
  constructor(
    message: string,
    readonly kind: 'unreadable' | 'format',
  ) {
    super(message);
  }
}

const SLUG_MAX = 80;

/** A slug made from free text: ASCII letters and digits joined by hyphens, at most 80 characters; "" when nothing is left. */
export function slugFromText(text: string): string {
  const ascii = slugify(text)
    .split('-')
    .map((word) => word.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean)
    .join('-');
  return ascii.slice(0, SLUG_MAX).replace(/-+$/, '');
}

/** "cat-facts" + "animals" → "cat-facts-animals", kept within 80 characters. */
export function joinSlug(stem: string, suffix: string): string {
  const tail = slugFromText(suffix);
  if (!tail) return stem;
  const head = stem.slice(0, SLUG_MAX - tail.length - 1).replace(/-+$/, '');
  return head ? `${head}-${tail}` : tail.slice(0, SLUG_MAX);
}

/** Error text with a capital letter and a full stop. */
export const sentence = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
