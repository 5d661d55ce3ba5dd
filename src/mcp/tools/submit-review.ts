import { reviewInputSchema } from '../../core/reviews/review-schema.ts';
import { submitReview, submitReviewResultSchema } from '../../core/reviews/submit-review.ts';
import { submittedText } from '../../client/text.ts';
import { sameInput, type ToolDefinition } from '../tool.ts';

export const submitReviewTool: ToolDefinition = {
  name: 'submit_review',
  title: 'Review a listing after integrating it',
  description:
    'Report how an integration with a listed API went: rating 1..5, title, body, optional sub-scores and an integrationReport (authWorked, timeToFirstRequest in minutes, workedHeadless, sdkUsed, strengths, challenges, evidenceLevel). ' +
    'Set evidenceLevel honestly: docs-only, mocked, sandbox-live or production-live; only the live levels count in integration statistics. ' +
    'Use it after you have actually tried the API. Same rules as POST /api/reviews: one review per reviewer (reviewerType + reviewerName) and listing, so submitting again updates yours; reviews with links, near-duplicates or bursts are held for moderation.',
  input: sameInput(reviewInputSchema),
  output: submitReviewResultSchema,
  readOnly: false,
  async run(args, { core, client }) {
    const outcome = await submitReview({ ctx: core, input: args as never, client });
    if (outcome.kind !== 'saved') throw new Error('A review without an idempotency key cannot collide with one.');
    return { structured: outcome.result, text: submittedText(outcome.result) };
  },
};
