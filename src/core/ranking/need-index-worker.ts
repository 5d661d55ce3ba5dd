import { parentPort } from 'node:worker_threads';
import type { FromNeedIndexWorker, ToNeedIndexWorker } from './build-need-index-in-worker.ts';
import { NeedIndex, transferablesOf } from './need-index.ts';

/** The worker side of build-need-index-in-worker.ts: adds the documents it is sent, then hands the index back. */

const port = parentPort!;
const index = new NeedIndex();

port.on('message', (message: ToNeedIndexWorker) => {
  try {
    if (message.kind === 'add') {
      for (const document of message.documents) index.add(document);
    } else {
      const state = index.toState();
      port.postMessage({ kind: 'built', state } satisfies FromNeedIndexWorker, transferablesOf(state));
    }
  } catch (error) {
    port.postMessage({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies FromNeedIndexWorker);
  }
});
