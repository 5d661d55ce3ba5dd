import { Worker } from 'node:worker_threads';
import { openApiOf, rememberParsed, syntaxProblem, type ParsedOpenApi } from './submission-schema.ts';

/**
 * Parses a submitted OpenAPI text without stalling other requests (issue 15): JSON on this
 * thread (the engine's parser reads 500 KB in milliseconds), YAML in a worker thread, since the
 * yaml package takes seconds on a large crafted document. At most two workers run at once (the
 * machine has two cores) and each has a time limit; what does not parse in time is refused.
 */

const WORKER_URL = new URL('./parse-openapi-worker.mjs', import.meta.url);
export const PARSE_TIME_LIMIT_MS = 5000;
const MAX_WORKERS = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function withWorkerSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function parseInWorker(text: string): Promise<ParsedOpenApi | string> {
  return withWorkerSlot(
    () =>
      new Promise((resolve) => {
        const worker = new Worker(WORKER_URL, { workerData: { text }, resourceLimits: { maxOldGenerationSizeMb: 256 } });
        const timer = setTimeout(() => {
          void worker.terminate();
          resolve(`openApiDocument took more than ${PARSE_TIME_LIMIT_MS / 1000} seconds to parse; send the document as it is published, as JSON if it is large`);
        }, PARSE_TIME_LIMIT_MS);
        worker.once('message', (message: { value?: unknown; syntax?: string }) => {
          clearTimeout(timer);
          void worker.terminate();
          resolve(message.syntax !== undefined ? syntaxProblem(message.syntax) : openApiOf(message.value));
        });
        worker.once('error', (error) => {
          clearTimeout(timer);
          resolve(syntaxProblem(`the parser stopped: ${error.message.slice(0, 120)}`));
        });
      }),
  );
}

export async function parseOpenApiTextOffThread(text: string): Promise<ParsedOpenApi | string> {
  let result: ParsedOpenApi | string | undefined;
  if (/^\s*\{/.test(text)) {
    try {
      result = openApiOf(JSON.parse(text));
    } catch {
      // Not JSON after all: YAML may still read it.
    }
  }
  result ??= await parseInWorker(text);
  rememberParsed(text, result);
  return result;
}
