import type { ModerationDecision } from '../store.ts';
import { foldText } from '../ranking/text.ts';
import type { ReviewPolicy } from './review-policy.ts';
import type { ReviewStatus } from './review-schema.ts';

/**
 * Which reviews are held for a moderator. Each rule is about how a review was sent or what
 * its text is, never about its verdict: the rating and the sub-scores are not even passed in,
 * so a bad review is held or published exactly as a good one would be.
 */

export const MODERATION_REASONS = {
  links: 'links-in-text',
  nearDuplicate: 'near-duplicate',
  burst: 'burst-from-address',
  previouslyHeld: 'previously-held-or-rejected',
} as const;

export interface ReviewText {
  title: string;
  body: string;
  extra: string[];
}

// A scheme, "www.", a markdown link, or a host name with a common top-level domain.
const LINK = /\b(?:https?|ftp):\/\/|\bwww\.|\]\(|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|co|ru|cn|xyz|info|biz|top|app|dev|ly|me|site|online|shop|click|link)\b/i;

export const containsLink = (text: string) => LINK.test(text);

const words = (text: string) => foldText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Word 3-shingles; a text too short for shingles is one shingle of all its words. */
function shingles(text: string): Set<string> {
  const list = words(text);
  if (list.length < 6) return new Set([list.join(' ')]);
  const result = new Set<string>();
  for (let i = 0; i + 3 <= list.length; i += 1) result.add(list.slice(i, i + 3).join(' '));
  return result;
}

/**
 * Shingles of texts seen lately: every review is compared with the listing's last 200, which are
 * mostly the same texts from one request to the next, so each is cut into shingles once.
 */
const SHINGLE_CACHE_LIMIT = 5000;
const shingleCache = new Map<string, Set<string>>();
function cachedShingles(text: string): Set<string> {
  let found = shingleCache.get(text);
  if (found === undefined) {
    found = shingles(text);
    if (shingleCache.size >= SHINGLE_CACHE_LIMIT) shingleCache.delete(shingleCache.keys().next().value!);
    shingleCache.set(text, found);
  }
  return found;
}

function jaccard(x: Set<string>, y: Set<string>): number {
  let shared = 0;
  for (const shingle of x) if (y.has(shingle)) shared += 1;
  const union = x.size + y.size - shared;
  return union === 0 ? 1 : shared / union;
}

export const similarity = (a: string, b: string): number => jaccard(shingles(a), shingles(b));

export function assessReview(options: {
  text: ReviewText;
  /** Recent reviews of the same listing by other reviewers. */
  others: { id: string; body: string }[];
  /** Reviews this client address wrote within the burst window, before this one. */
  recentFromClient: number;
  previousStatus: ReviewStatus | undefined;
  policy: ReviewPolicy;
}): ModerationDecision {
  const { text, policy } = options;
  const reasons: string[] = [];
  if ([text.title, text.body, ...text.extra].some(containsLink)) reasons.push(MODERATION_REASONS.links);
  // The body alone: titles are short and often alike, and a copied body is the signal.
  const body = shingles(text.body);
  const twin = options.others.find((other) => jaccard(body, cachedShingles(other.body)) >= policy.nearDuplicateSimilarity);
  if (twin) reasons.push(`${MODERATION_REASONS.nearDuplicate}:${twin.id}`);
  if (options.recentFromClient >= policy.burst.max) reasons.push(MODERATION_REASONS.burst);
  if (options.previousStatus === 'pending' || options.previousStatus === 'rejected') reasons.push(MODERATION_REASONS.previouslyHeld);
  return reasons.length > 0 ? { status: 'pending', reasons } : { status: 'published', reasons: ['no-heuristic-matched'] };
}
