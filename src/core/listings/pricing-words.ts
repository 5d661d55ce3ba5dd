import type { PricingFacts } from './listing.ts';

/**
 * Pricing facts in words, one phrasing for the page, the CLI and recommend's reasons, so that
 * every shape a pricing page takes (a unit allowance or a dollar credit, a unit price or a card
 * fee, a plan or a minimum spend) reads the same everywhere.
 */
const usd = (value: number) =>
  `$${value.toLocaleString('en-US', Number.isInteger(value) ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: value < 1 ? 6 : 2 })}`;
const count = (value: number) => value.toLocaleString('en-US');
const per = (perUnits: number, unit: string) => (perUnits === 1 ? unit.replace(/s$/, '') : `${count(perUnits)} ${unit}`);

export function freeAllowanceWords(allowance: NonNullable<PricingFacts['freeAllowance']>['value'], unit: string): string {
  if ('creditUsd' in allowance) return `${usd(allowance.creditUsd)} of free credit ${allowance.period === 'once' ? 'once' : 'a month'}`;
  return `${count(allowance.units)} ${unit} a ${allowance.period}`;
}

export function payAsYouGoWords(price: NonNullable<PricingFacts['payAsYouGo']>['value'], unit: string): string {
  const parts = [
    ...(price.usd !== undefined && price.perUnits !== undefined ? [`${usd(price.usd)} per ${per(price.perUnits, unit)}`] : []),
    ...(price.percent !== undefined ? [`${price.percent}% of the transaction value`] : []),
    ...(price.fixedUsd !== undefined ? [`${usd(price.fixedUsd)} per transaction`] : []),
  ];
  return `${parts.join(' plus ')}${price.model ? ` (${price.model})` : ''}`;
}

export function planWords(plan: NonNullable<PricingFacts['plans']>[number]['value'], unit: string): string {
  const price = plan.monthlyUsd === undefined ? 'price not stated' : plan.minimumSpend ? `${usd(plan.monthlyUsd)} minimum spend a month` : `${usd(plan.monthlyUsd)} a month`;
  return `${price}${plan.includedUnits !== undefined ? `, ${count(plan.includedUnits)} ${unit} included` : ''}${plan.overageUsd !== undefined ? `, then ${usd(plan.overageUsd)} per ${per(plan.overagePerUnits ?? 1, unit)}` : ''}`;
}

/** The figures a pricing page must still state for a fact to hold (catalog verify). */
export const pricingFigures = {
  freeAllowance: (allowance: NonNullable<PricingFacts['freeAllowance']>['value']) => ['creditUsd' in allowance ? allowance.creditUsd : allowance.units],
  payAsYouGo: (price: NonNullable<PricingFacts['payAsYouGo']>['value']) => [price.usd, price.percent, price.fixedUsd].filter((value): value is number => value !== undefined),
  plan: (plan: NonNullable<PricingFacts['plans']>[number]['value']) => [plan.monthlyUsd, plan.includedUnits, plan.overageUsd].filter((value): value is number => value !== undefined),
};
