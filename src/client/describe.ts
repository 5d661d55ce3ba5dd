import type { ListingDetail, ListingSummary } from '../core/listings/listing-detail.ts';
import type { ListingReviewStats, ListingReviewSummary } from '../core/reviews/review-stats.ts';

/**
 * Short wordings of the directory's JSON shapes, shared by the CLI's tables and the MCP
 * tools' text. A value the data does not hold reads "not shown", a score it cannot give "not
 * scored" (as on the website), never "undefined" or 0.
 */

export const NOT_SHOWN = 'not shown';
/** A score the data cannot give, as the website words it: unknown, never 0. */
export const NOT_SCORED = 'not scored';

type Cli = ListingSummary['cliRelevance'] | ListingDetail['cliRelevance'];
type Quality = ListingSummary['quality'] | ListingDetail['quality'];

export const shown = (value: string | number | null | undefined): string => (value === null || value === undefined || value === '' ? NOT_SHOWN : String(value));

/** "8/10 excellent", "5-9/10 partial", or "not scored". */
export function cliShort(cli: Cli): string {
  if (cli.status === 'complete') return `${cli.score}/10 ${cli.wording}`;
  if (cli.status === 'partial' && cli.range) return `${cli.range.min}-${cli.range.max}/10 partial${cli.wording ? ` ${cli.wording}` : ''}`;
  return NOT_SCORED;
}

/** cliShort plus the raw points or how much is assessed: "8/10 excellent (9/11 points)". */
export function cliLong(cli: Cli): string {
  if (cli.status === 'complete') return `${cliShort(cli)} (${cli.raw}/${cli.max} points)`;
  if (cli.status === 'partial') return `${cliShort(cli)} (${cli.assessed} of 8 criteria assessed)`;
  return `${NOT_SCORED} (none of the 8 criteria assessed; unknown, not 0)`;
}

/** "7/10" or "not scored". */
export const qualityShort = (quality: Quality): string => (quality.score === null ? NOT_SCORED : `${quality.score}/10`);

export function qualityLong(quality: Quality): string {
  const known = quality.usedInputs.length;
  const total = known + quality.missingInputs.length;
  const illustrative = quality.breakdown.some((part) => part.illustrative && quality.usedInputs.includes(part.input)) ? '; illustrative inputs' : '';
  return quality.score === null ? `${NOT_SCORED} (${known} of ${total} inputs known; unknown, not 0)` : `${quality.score}/10 (from ${known} of ${total} inputs${illustrative})`;
}

export const categoryText = (listing: Pick<ListingSummary, 'category' | 'subcategory'>) => (listing.subcategory ? `${listing.category} / ${listing.subcategory}` : listing.category);

/** "3 reviews, avg 4.33/5" or "no reviews"; "reviews not shown" when the surface did not add them. */
export function reviewsShort(reviews: ListingReviewStats | ListingReviewSummary | null | undefined): string {
  if (!reviews) return `reviews ${NOT_SHOWN}`;
  // A list item carries the summary's plain figures; the detail carries each with its sample size.
  const count = 'stats' in reviews ? reviews.stats.count : reviews.count;
  const average = 'stats' in reviews ? reviews.stats.averageRating.value : reviews.averageRating;
  if (count === 0) return 'no reviews';
  return `${count} review${count === 1 ? '' : 's'}${average === null ? '' : `, avg ${average}/5`}`;
}

export const relevanceText = (relevance: number) => relevance.toFixed(2);

export const yesNo = (value: boolean | null | undefined) => (value === null || value === undefined ? NOT_SHOWN : value ? 'yes' : 'no');

/** Text cut to `max` characters at a word boundary, with "…". */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The CLI score of a list item in either view: the full summary's parts, or the compact score or range. */
export function itemCliShort(item: { cliRelevance: Cli } | { cli: string | null }): string {
  if ('cliRelevance' in item) return cliShort(item.cliRelevance);
  return item.cli ?? NOT_SCORED;
}

export function itemQualityShort(item: { quality: Quality | number | null }): string {
  const quality = item.quality;
  if (quality === null) return NOT_SCORED;
  return typeof quality === 'number' ? `${quality}/10` : qualityShort(quality);
}
