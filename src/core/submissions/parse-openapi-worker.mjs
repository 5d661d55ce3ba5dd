// Parses one OpenAPI text (JSON or YAML) off the main thread for parse-openapi-text.ts: the yaml
// package takes seconds on a large crafted document, and no request may stall the others. The
// value goes back by structured clone (aliases that contain themselves included); the main
// thread checks it (openApiOf in submission-schema.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { parse } from 'yaml';

try {
  // YAML 1.2 reads JSON too; aliases are capped (no "billion laughs").
  parentPort.postMessage({ value: parse(workerData.text, { maxAliasCount: 100, uniqueKeys: false }) });
} catch (error) {
  parentPort.postMessage({ syntax: String(error?.message ?? error).split('\n')[0].slice(0, 160) });
}
