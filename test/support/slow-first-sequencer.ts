import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest start first, so that the forks finish together. Vitest orders files
 * by the durations of the last run, but a fresh checkout (CI) has none and falls back to file size,
 * which left the two longest files (three minutes each) to start late: a run of 1,027 s of tests
 * on two forks took 624 s. Durations from that CI run, longest first; a file missing here is
 * ordered as Vitest orders it.
 */
const SLOWEST = [
  'test/e2e/crash-reviews.test.ts',
  'test/http/reviews-property.test.ts',
  'test/e2e/web-real-catalogue.test.ts',
  'test/e2e/web-accessibility.test.ts',
  'test/core/scoring/quality.test.ts',
  'test/e2e/web-xss.test.ts',
  'test/e2e/api-reference-browser.test.ts',
  'test/e2e/npm-start.test.ts',
];

const rankOf = (file: TestSpecification) => {
  const rank = SLOWEST.findIndex((slow) => file.moduleId.replaceAll('\\', '/').endsWith(slow));
  return rank < 0 ? SLOWEST.length : rank;
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return ordered.sort((a, b) => rankOf(a) - rankOf(b));
  }
}
