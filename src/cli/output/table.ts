import { clip } from '../../client/describe.ts';
import type { CompactListing } from '../../core/listings/compact-listing.ts';
import type { AlsoFrom } from '../../core/providers/group-by-provider.ts';

type CompactAlso = NonNullable<CompactListing['also']>;

/**
 * A plain text table for people at a terminal: a header row, columns padded to their widest
 * cell, and the `flex` column cut (with "…") so that a row fits in `width` characters.
 */
export function renderTable(headers: string[], rows: string[][], { width = process.stdout.columns || 120, flex }: { width?: number; flex?: number } = {}): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const gap = 2;
  const total = widths.reduce((sum, w) => sum + w, 0) + gap * (widths.length - 1);
  if (flex !== undefined && total > width) widths[flex] = Math.max(headers[flex]!.length, 12, widths[flex]! - (total - width));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => {
        const text = cell.length > widths[i]! ? clip(cell, widths[i]!) : cell;
        return i === cells.length - 1 ? text : text.padEnd(widths[i]!);
      })
      .join(' '.repeat(gap))
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

/** Under a table of grouped entries: for each entry that stands for more of its provider's products, which ones (by rank). */
export function alsoFooter(items: readonly { slug: string; also?: AlsoFrom | CompactAlso | undefined }[]): string {
  const lines = items.flatMap((item, i) => {
    const also = item.also;
    if (!also) return [];
    if (typeof also.provider === 'string') return [`  #${i + 1} also from provider ${also.provider}: ${also.count} more (npx apidex provider ${also.provider})`];
    const full = also as AlsoFrom;
    const rest = full.count - full.items.length;
    return [`  #${i + 1} also from ${full.provider.name}: ${full.items.map((other) => other.slug).join(', ')}${rest > 0 ? ` and ${rest} more` : ''} (npx apidex provider ${full.provider.id})`];
  });
  return lines.length ? `\n\n${lines.join('\n')}` : '';
}
