import { describe, expect, it } from 'vitest';
import { FLAGSHIP_MARGIN, leadByFlagship } from '../../../src/core/providers/lead-by-flagship.ts';

interface Item {
  slug: string;
  relevance: number;
  flagship: boolean;
}

const item = (slug: string, relevance: number, flagship = false): Item => ({ slug, relevance, flagship });
const lead = (families: { lead: Item; others: Item[] }[]) =>
  leadByFlagship(families, (entry) => entry.relevance, (entry) => entry.flagship).map((family) => [family.lead.slug, ...family.others.map((other) => other.slug)]);

describe('leadByFlagship', () => {
  it('lets a flagship lead its family when it is within the margin of the member placed best, the rest in their order', () => {
    expect(lead([{ lead: item('plugin', 0.8), others: [item('other', 0.78), item('web-api', 0.8 - FLAGSHIP_MARGIN + 0.01, true)] }])).toEqual([['web-api', 'plugin', 'other']]);
  });

  it('leaves the lead when the flagship is further below it than the margin, when the lead is a flagship, and families of one', () => {
    expect(lead([{ lead: item('gateway', 0.8), others: [item('s3', 0.8 - FLAGSHIP_MARGIN - 0.05, true)] }])).toEqual([['gateway', 's3']]);
    expect(lead([{ lead: item('flagship', 0.7, true), others: [item('second-flagship', 0.69, true)] }])).toEqual([['flagship', 'second-flagship']]);
    expect(lead([{ lead: item('alone', 0.5), others: [] }])).toEqual([['alone']]);
  });

  it('keeps the families in their order: a family stays where its best member placed it', () => {
    const families = [
      { lead: item('a-thin', 0.9), others: [item('a-flagship', 0.85, true)] },
      { lead: item('b', 0.88), others: [] },
    ];
    expect(lead(families)).toEqual([['a-flagship', 'a-thin'], ['b']]);
  });
});
