import { Worker } from 'node:worker_threads';
import { NeedIndex, type NeedDocument, type NeedIndexState } from './need-index.ts';

/**
 * Builds a need index on a worker thread while the caller goes on reading the catalogue: at
 * 100,000 listings analysing the text is about half of start-up, and it need not wait for the
 * store, the documents' parsing or the rest of the index. The finished index comes back as
 * flat arrays, moved rather than copied (NeedIndex.toState / fromState).
 */

export type ToNeedIndexWorker = { kind: 'add'; documents: NeedDocument[] } | { kind: 'finish' };
export type FromNeedIndexWorker = { kind: 'built'; state: NeedIndexState } | { kind: 'failed'; message: string };

export interface NeedIndexBuild {
  /** Queues documents to add, in order. */
  add(documents: NeedDocument[]): void;
  /** The index of every document added; the worker is gone once this settles. */
  finish(): Promise<NeedIndex>;
  /** Stops the worker, for a build given up. */
  abort(): Promise<void>;
}

// Node 20 does not run the --import hooks (tsx) on worker threads, so the worker registers tsx
// itself before it loads a TypeScript module; compiled (dist/), the module is JavaScript.
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
const loader = workerData.module.endsWith('.ts') ? import('tsx/esm/api').then(({ register }) => register()) : Promise.resolve();
loader.then(() => import(workerData.module));
`;

const WORKER_MODULE = new URL(import.meta.url.endsWith('.ts') ? './need-index-worker.ts' : './need-index-worker.js', import.meta.url);

export function buildNeedIndexInWorker(workerModule: URL = WORKER_MODULE): NeedIndexBuild {
  const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { module: workerModule.href } });
  const built = new Promise<NeedIndex>((resolve, reject) => {
    worker.once('message', (message: FromNeedIndexWorker) => {
      if (message.kind === 'built') resolve(NeedIndex.fromState(message.state));
      else reject(new Error(`the need-index worker failed: ${message.message}`));
    });
    worker.once('error', (error) => reject(new Error(`the need-index worker failed: ${error.message}`)));
    worker.once('exit', (code) => reject(new Error(`the need-index worker stopped (exit code ${code}) before it finished`)));
  });
  // Read in finish(); until then a failure must not count as unhandled.
  built.catch(() => {});
  return {
    add(documents) {
      worker.postMessage({ kind: 'add', documents } satisfies ToNeedIndexWorker);
    },
    async finish() {
      worker.postMessage({ kind: 'finish' } satisfies ToNeedIndexWorker);
      try {
        return await built;
      } finally {
        await worker.terminate();
      }
    },
    async abort() {
      await worker.terminate();
    },
  };
}
