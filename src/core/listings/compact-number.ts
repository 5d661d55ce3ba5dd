const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** The seed's compact form of a count: 77000 → "77k", 1500000 → "1.5M". */
export const compactNumber = (value: number): string => compact.format(value).replace('K', 'k');
