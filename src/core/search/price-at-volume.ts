import { z } from 'zod';
import type { CriterionResult, CuratedSource, PricingFacts } from '../listings/listing.ts';
import { freeAllowanceWords, payAsYouGoWords, planWords } from '../listings/pricing-words.ts';

/**
 * A listing's monthly cost at a volume, from its curated pricing facts (ADR 27), and its
 * documented rate limit. Unknown is null, never 0: a cost is computed only from facts that
 * cover the volume, and every number names the facts (pages and dates) it came from.
 *
 * Options, the cheapest of those that can be computed wins:
 * - the free allowance, when it covers the whole volume ($0);
 * - pay-as-you-go: the units beyond the free allowance at the unit price;
 * - each plan: its monthly price when its included units cover the volume, else plus overage
 *   at its overage price; a plan without included units or overage price does not say what
 *   the volume costs, so it is not an option.
 * A percentage of transaction value (payment APIs) cannot be priced from a volume of units:
 * such a pay-as-you-go price gives no cost, and says so.
 */

export const decidingFactSchema = z
  .object({
    fact: z.string().describe('Which pricing fact, e.g. "plans[Pro]", "freeAllowance", "payAsYouGo", "creditCardRequired", "rateLimits".'),
    value: z.string().describe('The fact in words.'),
    url: z.string().describe('The page that shows it.'),
    asOf: z.string().describe('The date of the page (YYYY-MM-DD).'),
    dated: z.enum(['captured', 'read']),
    thirdParty: z.boolean(),
  })
  .meta({ id: 'DecidingFact' });
export type DecidingFact = z.infer<typeof decidingFactSchema>;

export const monthlyCostSchema = z
  .object({
    volume: z.number().describe('The volume priced: billed units per month.'),
    unit: z.string().nullable().describe('The unit the volume was priced in (the listing\'s billed unit: requests, emails, messages, tokens); null when its pricing names none.'),
    monthlyUsd: z.number().nullable().describe('US dollars per month at the volume; null when the pricing facts do not say (never 0 for unknown).'),
    basis: z.string().describe('How the cost was found, or why it is unknown.'),
    facts: z.array(decidingFactSchema).describe('The pricing facts the cost came from, with their pages.'),
  })
  .meta({ id: 'MonthlyCost' });
export type MonthlyCost = z.infer<typeof monthlyCostSchema>;

const factOf = (fact: string, value: string, source: CuratedSource): DecidingFact => ({
  fact,
  value,
  url: source.url,
  asOf: source.asOf,
  dated: source.dated,
  thirdParty: source.thirdParty === true,
});

/** A cost in dollars and cents, as every cost recommend states reads ("$87.00"); prices and allowances read as pricing-words.ts writes them. */
export const costText = (usd: number) => `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const units = (count: number) => count.toLocaleString('en-US');
const round = (usd: number) => Math.round(usd * 100) / 100;

interface Option {
  usd: number;
  basis: string;
  facts: DecidingFact[];
}

export function priceAtVolume(pricing: PricingFacts | undefined, volume: number): MonthlyCost {
  const unknown = (basis: string): MonthlyCost => ({ volume, unit: pricing?.unit ?? null, monthlyUsd: null, basis, facts: [] });
  if (!pricing) return unknown('no pricing facts are curated for it');
  if (!pricing.unit) return unknown('its pricing names no billed unit, so a volume cannot be priced');
  const unit = pricing.unit;
  const options: Option[] = [];
  const allowance = pricing.freeAllowance;
  const unitAllowance = allowance && 'units' in allowance.value ? { ...allowance, value: allowance.value } : undefined;
  // A monthly dollar credit lowers any paid option by up to its amount; a one-time credit says nothing of a month.
  const credit = allowance && 'creditUsd' in allowance.value && allowance.value.period === 'month' ? { usd: allowance.value.creditUsd, fact: factOf('freeAllowance', freeAllowanceWords(allowance.value, unit), allowance.source) } : undefined;
  const freeUnits = unitAllowance ? unitAllowance.value.units * (unitAllowance.value.period === 'day' ? 30 : 1) : 0;
  const allowanceWords = unitAllowance ? freeAllowanceWords(unitAllowance.value, unit) : undefined;
  const allowanceFact = unitAllowance ? factOf('freeAllowance', allowanceWords!, unitAllowance.source) : undefined;
  if (unitAllowance && volume <= freeUnits) {
    options.push({ usd: 0, basis: `within the free allowance of ${allowanceWords}`, facts: [allowanceFact!] });
  }
  const payg = pricing.payAsYouGo;
  let percentOnly: string | undefined;
  if (payg) {
    const { usd: unitUsd, perUnits, percent } = payg.value;
    if (percent !== undefined) {
      percentOnly = `pay-as-you-go charges ${payAsYouGoWords(payg.value, unit)}, and the value is not known from a volume`;
    } else if (unitUsd !== undefined && perUnits !== undefined) {
      const price = payAsYouGoWords({ usd: unitUsd, perUnits }, unit);
      const billed = Math.max(0, volume - freeUnits);
      const usd = (billed / perUnits) * unitUsd;
      options.push({
        usd,
        basis: `pay-as-you-go: ${units(billed)} ${unit} at ${price}${freeUnits > 0 ? ` after ${units(freeUnits)} free` : ''}`,
        facts: [factOf('payAsYouGo', price, payg.source), ...(freeUnits > 0 && allowanceFact ? [allowanceFact] : [])],
      });
    }
  }
  for (const plan of pricing.plans ?? []) {
    const { name, monthlyUsd, includedUnits, overageUsd, overagePerUnits, minimumSpend } = plan.value;
    // A plan without a stated price or included units does not say what the volume costs; a
    // minimum spend is what usage is billed against, not a bundle of units.
    if (includedUnits === undefined || monthlyUsd === undefined || minimumSpend) continue;
    const words = `${name}: ${planWords(plan.value, unit)}`;
    const bundle = `plan ${name} (${planWords({ name, monthlyUsd, includedUnits }, unit)})`;
    if (volume <= includedUnits) {
      options.push({ usd: monthlyUsd, basis: bundle, facts: [factOf(`plans[${name}]`, words, plan.source)] });
    } else if (overageUsd !== undefined) {
      const over = volume - includedUnits;
      const usd = monthlyUsd + (over / (overagePerUnits ?? 1)) * overageUsd;
      options.push({
        usd,
        basis: `${bundle} plus ${units(over)} ${unit} of overage at ${payAsYouGoWords({ usd: overageUsd, perUnits: overagePerUnits ?? 1 }, unit)}`,
        facts: [factOf(`plans[${name}]`, words, plan.source)],
      });
    }
  }
  if (credit) {
    for (const option of options) {
      if (option.usd <= 0) continue;
      option.basis += `, less ${costText(Math.min(credit.usd, option.usd))} of monthly free credit`;
      option.usd = Math.max(0, option.usd - credit.usd);
      option.facts.push(credit.fact);
    }
  }
  if (options.length === 0) {
    if (percentOnly) return { ...unknown(percentOnly), facts: [factOf('payAsYouGo', percentOnly, payg!.source)] };
    return unknown(`no free allowance, pay-as-you-go price or plan among its pricing facts covers ${units(volume)} ${unit} a month`);
  }
  const best = options.reduce((a, b) => (b.usd < a.usd ? b : a));
  return { volume, unit, monthlyUsd: round(best.usd), basis: best.basis, facts: best.facts };
}

export const rateLimitSchema = z
  .object({
    perSecond: z.number().nullable().describe('The figure as requests (or operations) per second; null when the figure has no rate this can read.'),
    figure: z.string().describe('The numbers as the page states them.'),
    url: z.string().nullable(),
    asOf: z.string().nullable(),
  })
  .meta({ id: 'DocumentedRateLimit' });
export type DocumentedRateLimit = z.infer<typeof rateLimitSchema>;

const PER = { second: 1, sec: 1, s: 1, minute: 60, min: 60, m: 60, hour: 3600, hr: 3600, h: 3600, day: 86_400, d: 86_400 } as const;
const RATE = /(\d[\d,]*(?:\.\d+)?)\s*(?:[a-z][a-z -]{0,40}?)?\s*(?:per|\/|a|an|each)\s*(second|sec|s|minute|min|m|hour|hr|h|day|d)\b/gi;

/** The highest rate a figure states, per second: "100 requests per second; sandbox 25" → 100. */
export function perSecondOf(figure: string): number | null {
  let best: number | null = null;
  for (const match of figure.matchAll(RATE)) {
    const value = Number(match[1]!.replace(/,/g, '')) / PER[match[2]!.toLowerCase() as keyof typeof PER];
    if (Number.isFinite(value) && (best === null || value > best)) best = value;
  }
  return best;
}

/** The documented rate limit of a passed rateLimits criterion with a figure; null when there is none. */
export function documentedRateLimit(criterion: CriterionResult | undefined): DocumentedRateLimit | null {
  if (!criterion || criterion.status !== 'passed' || !criterion.figure) return null;
  return { perSecond: perSecondOf(criterion.figure), figure: criterion.figure, url: criterion.url ?? null, asOf: criterion.asOf ?? null };
}
