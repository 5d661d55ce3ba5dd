import { z } from 'zod';
import type { ReviewAggregates } from '../store.ts';
import { LIVE_EVIDENCE_LEVELS } from './review-schema.ts';

/**
 * Statistics of a listing's published reviews. Every average and rate carries the number of
 * reviews it rests on; with none, it is null (never 0, never "undefined"). Integration
 * statistics use only reports with live evidence (sandbox-live, production-live).
 */

const measure = (description: string) =>
  z.object({
    value: z.number().nullable().describe(`${description} Null when no review gives it.`),
    sampleSize: z.number().int().min(0).describe('How many reviews this value rests on.'),
  });

export const reviewStatsSchema = z
  .object({
    count: z.number().int().min(0).describe('Published reviews of the listing.'),
    averageRating: measure('Mean rating, 1..5, to two decimals.'),
    averageCliExperience: measure('Mean cliExperience, 1..5.'),
    averageSetupDifficulty: measure('Mean setupDifficulty, 1 very easy .. 5 very hard.'),
    averageDocsQuality: measure('Mean docsQuality, 1..5.'),
    recommendRate: measure('Share of reviews that would recommend it, 0..1.'),
  })
  .meta({ id: 'ReviewStats' });

export const integrationStatsSchema = z
  .object({
    liveReports: z.number().int().min(0).describe('Published integration reports with live evidence; only these count below.'),
    evidenceLevels: z.array(z.string()).describe('The evidence levels that count.'),
    authSuccessRate: measure('Share of live reports whose authentication worked, 0..1.'),
    meanTimeToFirstRequest: measure('Mean minutes to the first successful request.'),
    headlessRate: measure('Share of live reports where it worked headless, 0..1.'),
  })
  .meta({ id: 'IntegrationStats' });

export const listingReviewStatsSchema = z
  .object({
    stats: reviewStatsSchema,
    integrationStats: integrationStatsSchema,
    link: z.string().describe('Where the reviews are listed.'),
  })
  .meta({ id: 'ListingReviewStats' });

/** The few figures a list item carries (lookup and discover results); the listing detail has them all. */
export const listingReviewSummarySchema = z
  .object({
    count: z.number().int().min(0).describe('Published reviews of the listing.'),
    averageRating: z.number().nullable().describe('Mean rating, 1..5, over `count` reviews; null when there are none.'),
    recommendRate: z.number().nullable().describe('Share of reviews that would recommend it, 0..1; null when none says.'),
    liveReports: z.number().int().min(0).describe('Integration reports with live evidence.'),
    authSuccessRate: z.number().nullable().describe('Share of live reports whose authentication worked, 0..1; null without live reports.'),
    link: z.string().describe('Where the reviews are listed.'),
  })
  .meta({ id: 'ListingReviewSummary' });
export type ListingReviewSummary = z.infer<typeof listingReviewSummarySchema>;

export const toListingReviewSummary = ({ stats, integrationStats, link }: ListingReviewStats): ListingReviewSummary => ({
  count: stats.count,
  averageRating: stats.averageRating.value,
  recommendRate: stats.recommendRate.value,
  liveReports: integrationStats.liveReports,
  authSuccessRate: integrationStats.authSuccessRate.value,
  link,
});

export type ReviewStats = z.infer<typeof reviewStatsSchema>;
export type IntegrationStats = z.infer<typeof integrationStatsSchema>;
export type ListingReviewStats = z.infer<typeof listingReviewStatsSchema>;

const round2 = (value: number) => Math.round(value * 100) / 100;
const mean = ({ sum, n }: { sum: number; n: number }) => ({ value: n > 0 ? round2(sum / n) : null, sampleSize: n });

export function toReviewStats(aggregates: ReviewAggregates): { stats: ReviewStats; integrationStats: IntegrationStats } {
  return {
    stats: {
      count: aggregates.count,
      averageRating: mean(aggregates.rating),
      averageCliExperience: mean(aggregates.cliExperience),
      averageSetupDifficulty: mean(aggregates.setupDifficulty),
      averageDocsQuality: mean(aggregates.docsQuality),
      recommendRate: mean(aggregates.wouldRecommend),
    },
    integrationStats: {
      liveReports: aggregates.liveReports,
      evidenceLevels: [...LIVE_EVIDENCE_LEVELS],
      authSuccessRate: mean(aggregates.authWorked),
      meanTimeToFirstRequest: mean(aggregates.timeToFirstRequest),
      headlessRate: mean(aggregates.workedHeadless),
    },
  };
}

/** Where a listing's reviews are listed. */
export const reviewsLinkOf = (slug: string): string => `/api/reviews?slug=${encodeURIComponent(slug)}`;

export const toListingReviewStats = (slug: string, aggregates: ReviewAggregates): ListingReviewStats => {
  // Named rather than spread: a spread of the shared part was the larger part of this function's cost.
  const { stats, integrationStats } = toReviewStats(aggregates);
  return { stats, integrationStats, link: reviewsLinkOf(slug) };
};
