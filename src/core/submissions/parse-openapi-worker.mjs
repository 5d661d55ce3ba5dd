// Parses one OpenAPI text (JSON or YAML) off the main thread for parse-openapi-text.ts: the yaml
// package takes seconds on a large crafted document, and no request may stall the others.
import { parentPort, workerData } from 'node:worker_threads';
import { parse } from 'yaml';

const MAX_DEPTH = 200;

function unwalkable(root) {
  const ancestors = new Set();
  const visit = (value, depth) => {
    if (depth > MAX_DEPTH) return `openApiDocument nests deeper than ${MAX_DEPTH} levels; send the document as it is published`;
    if (ancestors.has(value)) return 'openApiDocument holds a YAML alias that contains itself; replace the alias with the value it stands for';
    ancestors.add(value);
    for (const nested of Object.values(value)) {
      if (nested === null || typeof nested !== 'object') continue;
      const problem = visit(nested, depth + 1);
      if (problem) return problem;
    }
    ancestors.delete(value);
    return undefined;
  };
  return visit(root, 0);
}

try {
  // YAML 1.2 reads JSON too; aliases are capped (no "billion laughs").
  const value = parse(workerData.text, { maxAliasCount: 100, uniqueKeys: false });
  const problem = value !== null && typeof value === 'object' ? unwalkable(value) : undefined;
  parentPort.postMessage(problem ? { problem } : { value });
} catch (error) {
  parentPort.postMessage({ syntax: String(error?.message ?? error).split('\n')[0].slice(0, 160) });
}
