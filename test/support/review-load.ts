import type { Request } from 'autocannon';

/**
 * For the benchmark: an autocannon request that POSTs a new, valid review on every call
 * (a new reviewer each time, so each is a create, with text unlike the others so the
 * near-duplicate heuristic does not hold it). Run the server with APIDEX_RATE_LIMITS=off
 * and a high APIDEX_REVIEW_BURST, e.g.
 * "1000000/1", or every review after the fifth from one address is held for moderation.
 *
 *   autocannon({ url, connections: 16, duration: 10, requests: [reviewPostRequest()] })
 */
export function reviewPostRequest(slug = 'real-time-channels-api'): Request {
  let sequence = 0;
  const run = `${process.pid}-${Date.now().toString(36)}`;
  return {
    method: 'POST',
    path: '/api/reviews',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => {
      sequence += 1;
      return {
        ...request,
        body: JSON.stringify({
          targetType: 'api',
          targetSlug: slug,
          reviewerType: 'agent',
          reviewerName: `bench-${run}-${sequence}`,
          rating: 1 + (sequence % 5),
          title: `Benchmark review ${sequence}`,
          body: `Benchmark run ${run}, review ${sequence}: ${sequence.toString(36)} ${(sequence * 7919).toString(36)} ${(sequence * 104729).toString(36)}.`,
          cliExperience: 1 + (sequence % 5),
          wouldRecommend: sequence % 2 === 0,
          integrationReport: { authWorked: true, timeToFirstRequest: sequence % 60, workedHeadless: true, evidenceLevel: 'production-live' },
        }),
      };
    },
  };
}
