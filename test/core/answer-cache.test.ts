import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../../src/core/catalogue/answer-cache.ts';
import type { CatalogueIndex } from '../../src/core/catalogue/catalogue-index.ts';

/** The cache reads only the catalogue's generation; a plain object with one stands in for the index's identity. */
const catalogueAt = (generation: number) => ({ generation }) as unknown as CatalogueIndex;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function counted(cache: AnswerCache<{ n: number }>, catalogue: CatalogueIndex) {
  let computed = 0;
  const ask = (key: string) => cache.get(catalogue, key, async () => ({ n: ++computed }));
  return { ask, computed: () => computed };
}

describe('AnswerCache', () => {
  it('keeps an answer only once its question comes back, and answers from it after that', async () => {
    const { ask, computed } = counted(new AnswerCache(10), catalogueAt(1));
    await ask('weather');
    await ask('weather');
    expect(computed()).toBe(2);
    const kept = await ask('weather');
    expect(computed()).toBe(2);
    expect(kept).toEqual({ n: 2 });
  });

  it('does not keep one-off questions, however many are asked', async () => {
    const { ask, computed } = counted(new AnswerCache(10), catalogueAt(1));
    for (let i = 0; i < 100; i += 1) await ask(`need ${i}`);
    expect(computed()).toBe(100);
    // Each was asked once: asking one of the latest again computes it, and then it is kept.
    await ask('need 99');
    await ask('need 99');
    expect(computed()).toBe(101);
  });

  it('treats a question as new when it comes back after the admission window', async () => {
    const { ask, computed } = counted(new AnswerCache(10, 1000, 30), catalogueAt(1));
    await ask('weather');
    await sleep(60);
    await ask('weather');
    await ask('weather');
    expect(computed()).toBe(3);
    await ask('weather');
    expect(computed()).toBe(3);
  });

  it('answers afresh once a kept answer is older than its age limit, or the catalogue changed', async () => {
    const catalogue = catalogueAt(1) as unknown as { generation: number };
    const { ask, computed } = counted(new AnswerCache(10, 40), catalogue as unknown as CatalogueIndex);
    await ask('weather');
    await ask('weather');
    await ask('weather');
    expect(computed()).toBe(2);
    await sleep(60);
    await ask('weather');
    expect(computed()).toBe(3);
    await ask('weather');
    expect(computed()).toBe(3);
    catalogue.generation = 2;
    await ask('weather');
    expect(computed()).toBe(4);
  });
});
