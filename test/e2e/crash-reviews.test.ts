import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/storage/open-store.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { STORE_KINDS } from '../support/test-server.ts';

/**
 * Durability under crashes: writers post reviews as fast as they can while the server is
 * killed with SIGKILL at a random moment, 20 times. Afterwards every review acknowledged with
 * a 201 is in the store, and no review is there twice: requests whose answer was lost are
 * retried with their Idempotency-Key, which must not create a second review.
 */

const CYCLES = Number(process.env.APIDEX_CRASH_CYCLES ?? 20);
const WRITERS = 4;

const serverEnv = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  APIDEX_RATE_LIMITS: 'off',
  APIDEX_REVIEW_BURST: '1000000/1',
  APIDEX_VALIDATE_RESPONSES: '0',
  APIDEX_REFRESH_INTERVAL_MS: '0',
});

const bodyOf = (name: string) =>
  JSON.stringify({
    targetType: 'api',
    targetSlug: 'real-time-channels-api',
    reviewerType: 'agent',
    reviewerName: name,
    rating: 1 + (name.length % 5),
    title: `Crash test review ${name}`,
    body: `Review ${name}, written while the server may be killed at any moment.`,
    integrationReport: { authWorked: true, timeToFirstRequest: 1, evidenceLevel: 'sandbox-live' },
  });

interface Server {
  child: ChildProcess;
  baseUrl: string;
}

/**
 * Starts the real server on a port it picks itself (PORT=0) and reads the address from its
 * start-up log line. A port chosen beforehand could be taken by another test file's server
 * between the kill and the next request, and this test must only ever talk to its own.
 */
async function startOwnServer(databaseUrl: string, timeoutMs = 120_000): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...serverEnv(databaseUrl) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise<Server>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const address = /apidex serves .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (address) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        child.stderr!.resume();
        resolve({ child, baseUrl: address });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before serving:\n${output}`));
    });
  });
}

const killed = (server: Server) =>
  new Promise<void>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });

describe.each(STORE_KINDS)('crash durability on $kind', ({ kind, databaseUrl }) => {
  it(`keeps every acknowledged review, and none twice, across ${CYCLES} SIGKILLs`, { timeout: 600_000 }, async () => {
    const url = await databaseUrl();
    const acknowledged = new Map<string, string>(); // reviewer name → review id
    const unanswered = new Set<string>(); // sent, but the connection died before an answer
    let sequence = 0;

    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const server = await startOwnServer(url);
      let stopping = false;
      const writer = async (writerId: number) => {
        while (!stopping) {
          const name = `${kind}-c${cycle}-w${writerId}-${(sequence += 1)}`;
          try {
            const response = await fetch(`${server.baseUrl}/api/reviews`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'idempotency-key': name },
              body: bodyOf(name),
            });
            const text = await response.text();
            if (response.status !== 201) throw new Error(`unexpected ${response.status}: ${text}`);
            acknowledged.set(name, JSON.parse(text).review.id);
          } catch (error) {
            if (error instanceof Error && error.message.startsWith('unexpected')) throw error;
            unanswered.add(name);
            return;
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, i) => writer(i));
      await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 600));
      stopping = true;
      await killed(server);
      await Promise.all(writers);
    }

    // A client that lost its answer retries with the same key: the review is created at most once.
    const server = await startOwnServer(url);
    let replayed = 0;
    try {
      for (const name of unanswered) {
        const response = await fetch(`${server.baseUrl}/api/reviews`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': name }, body: bodyOf(name) });
        expect(response.status).toBe(201);
        if (response.headers.get('idempotent-replayed') === 'true') replayed += 1;
        acknowledged.set(name, ((await response.json()) as any).review.id);
      }
    } finally {
      await killed(server);
    }

    const store = await openStore(url);
    try {
      const { items } = await store.listReviews({ status: 'published', limit: 100_000 });
      const pending = await store.listReviews({ status: 'pending', limit: 100_000 });
      const all = [...items, ...pending.items];
      const byName = new Map<string, string[]>();
      for (const review of all) byName.set(review.record.reviewerName, [...(byName.get(review.record.reviewerName) ?? []), review.id]);
      const missing = [...acknowledged].filter(([name, id]) => !byName.get(name)?.includes(id));
      expect(missing).toEqual([]);
      expect([...byName].filter(([, ids]) => ids.length > 1)).toEqual([]);
      expect(all.length).toBe(acknowledged.size);
      expect(await store.countReviews()).toBe(acknowledged.size);
      console.log(
        `crash test on ${kind}: ${CYCLES} SIGKILLs, ${acknowledged.size - unanswered.size} reviews acknowledged before a kill, ${unanswered.size} answers lost to a kill and retried (${replayed} had been committed and were replayed), all ${acknowledged.size} present once`,
      );
    } finally {
      await store.close();
    }
  });
});
