import { isAlias, isMap, isScalar, isSeq, type Document } from 'yaml';

/** The line of the key (or list item) at `path`; for a path that is not in the file, the line of its nearest present parent. */
export function lineOfPath(document: Document, path: readonly PropertyKey[], lineAt: (offset: number) => number): number | undefined {
  let node: unknown = document.contents;
  let line = isMap(node) && node.range ? lineAt(node.range[0]) : undefined;
  for (const segment of path) {
    if (isAlias(node)) node = node.resolve(document);
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
      if (!pair) return line;
      const keyRange = isScalar(pair.key) ? pair.key.range : undefined;
      if (keyRange) line = lineAt(keyRange[0]);
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item: unknown = node.items[segment];
      if (!item) return line;
      if ((isScalar(item) || isMap(item) || isSeq(item)) && item.range) line = lineAt(item.range[0]);
      node = item;
    } else {
      return line;
    }
  }
  return line;
}
