import { describe, expect, it } from 'vitest';
import { meanMetrics, mrrAt10, ndcgAt10, precisionAt1, queryMetrics, recallAt10 } from '../../../src/core/search/evaluation/metrics.ts';

// Expected values are written out from the definitions in corpus/README.md:
// gain (2^grade − 1) at position i (0-based) is discounted by log2(i + 2).
const log2 = Math.log2;

describe('nDCG@10', () => {
  it('is 1 for the ideal order', () => {
    expect(ndcgAt10(['a', 'b', 'c'], { a: 2, b: 2, c: 1 })).toBe(1);
  });

  it('discounts a grade-2 slug found second, behind an unjudged one', () => {
    // DCG = 3 / log2(3); ideal = 3 / log2(2) + 1 / log2(3)
    expect(ndcgAt10(['x', 'a'], { a: 2, b: 1 })).toBeCloseTo(3 / log2(3) / (3 + 1 / log2(3)), 12);
  });

  it('takes the ideal DCG from the judgments sorted by grade, top 10 only', () => {
    // 12 grade-1 judgments and one grade-2: ideal = 3 + Σ_{i=1..9} 1 / log2(i + 2)
    const judgments: Record<string, number> = { top: 2 };
    for (let i = 0; i < 12; i += 1) judgments[`p${i}`] = 1;
    let ideal = 3;
    for (let i = 1; i < 10; i += 1) ideal += 1 / log2(i + 2);
    // The ranking finds p0 and p1 at positions 0 and 1 only.
    expect(ndcgAt10(['p0', 'p1'], judgments)).toBeCloseTo((1 + 1 / log2(3)) / ideal, 12);
  });

  it('counts only the top 10 of a longer ranking', () => {
    const ranking = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9', 'hit'];
    expect(ndcgAt10(ranking, { hit: 2 })).toBe(0);
  });

  it('works with fewer than 10 results and with only grade-1 judgments', () => {
    // DCG = 1 / log2(4); ideal = 1 + 1 / log2(3)
    expect(ndcgAt10(['x', 'y', 'a'], { a: 1, b: 1 })).toBeCloseTo(1 / log2(4) / (1 + 1 / log2(3)), 12);
  });

  it('is 0 for a query without judgments and for an empty ranking', () => {
    expect(ndcgAt10(['a'], {})).toBe(0);
    expect(ndcgAt10([], { a: 2 })).toBe(0);
  });

  it('counts a repeated slug once, at its first position', () => {
    expect(ndcgAt10(['a', 'a'], { a: 2, b: 2 })).toBeCloseTo(3 / (3 + 3 / log2(3)), 12);
  });
});

describe('Recall@10', () => {
  it('divides the grade-2 slugs found by all grade-2 slugs when there are at most 10', () => {
    expect(recallAt10(['a', 'x', 'c'], { a: 2, b: 2, c: 1, d: 2 })).toBeCloseTo(1 / 3, 12);
  });

  it('divides by 10 when more than 10 slugs have grade 2', () => {
    const judgments = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`g${i}`, 2]));
    const ranking = Array.from({ length: 12 }, (_, i) => `g${i}`);
    expect(recallAt10(ranking, judgments)).toBe(1);
    expect(recallAt10(['g0', 'g1', 'g2', 'g3', 'g4'], judgments)).toBe(0.5);
  });

  it('ignores grade-1 slugs and is 0 when no slug has grade 2', () => {
    expect(recallAt10(['a'], { a: 1 })).toBe(0);
  });
});

describe('MRR@10', () => {
  it('is 1 over the position of the first grade-2 slug', () => {
    expect(mrrAt10(['x', 'b', 'a'], { a: 2, b: 1 })).toBeCloseTo(1 / 3, 12);
  });

  it('is 0 when the first grade-2 slug is below the top 10, or none has grade 2', () => {
    const ranking = [...Array.from({ length: 10 }, (_, i) => `n${i}`), 'a'];
    expect(mrrAt10(ranking, { a: 2 })).toBe(0);
    expect(mrrAt10(['a'], { a: 1 })).toBe(0);
  });
});

describe('P@1', () => {
  it('is 1 only when the top slug has grade 2', () => {
    expect(precisionAt1(['a', 'b'], { a: 2 })).toBe(1);
    expect(precisionAt1(['b', 'a'], { a: 2, b: 1 })).toBe(0);
    expect(precisionAt1([], { a: 2 })).toBe(0);
  });
});

describe('means over queries', () => {
  it('averages each metric over all queries, including those that score 0', () => {
    const first = queryMetrics(['a'], { a: 2 });
    const second = queryMetrics(['x', 'b'], { b: 2, c: 2 });
    expect(first).toEqual({ ndcg10: 1, recall10: 1, mrr10: 1, p1: 1 });
    // second: DCG = 3 / log2(3); ideal = 3 + 3 / log2(3); recall 1/2; MRR 1/2; P@1 0
    const secondNdcg = 3 / log2(3) / (3 + 3 / log2(3));
    expect(second.ndcg10).toBeCloseTo(secondNdcg, 12);
    const means = meanMetrics([first, second, queryMetrics([], { a: 1 })]);
    expect(means.ndcg10).toBeCloseTo((1 + secondNdcg + 0) / 3, 12);
    expect(means.recall10).toBeCloseTo((1 + 0.5 + 0) / 3, 12);
    expect(means.mrr10).toBeCloseTo((1 + 0.5 + 0) / 3, 12);
    expect(means.p1).toBeCloseTo(1 / 3, 12);
  });

  it('is 0 for no queries', () => {
    expect(meanMetrics([])).toEqual({ ndcg10: 0, recall10: 0, mrr10: 0, p1: 0 });
  });
});
