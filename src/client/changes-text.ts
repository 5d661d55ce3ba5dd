import type { ListChangesResult } from '../core/catalogue/list-changes.ts';

/** The change feed as text, for the CLI and the MCP tool's text content. */
export const changesText = (result: ListChangesResult): string =>
  result.items.length === 0
    ? `No changes after this point. Ask again later with since "${result.next}".`
    : [
        ...result.items.map((item) => `${item.changedAt.slice(0, 10)} ${item.slug} (${item.kind}, ${item.cause}, r${item.revision}): ${item.summary}`),
        `Next: since "${result.next}".`,
      ].join('\n');
