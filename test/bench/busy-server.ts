/**
 * The bench's floor for a p99: a bare `node:http` server that spends a given CPU time on every
 * request and answers with a body of a given size, nothing else (no framework, no allocation,
 * no collections), starting the spinning requests in the order they arrived as apidex starts
 * those that rank (src/http/served-in-turn.ts). Under the same closed-loop load as discover, its
 * p99 is the least any Node server spending that much per request gets on this machine;
 * discover's p99 against it says how much of discover's tail is its own (ADR 26).
 *
 *   GET /healthz                     answers at once
 *   GET /?busyUs=250&bytes=22000     spins 250 µs, then answers 22,000 bytes
 */
import http from 'node:http';
import { createTurns } from '../../src/http/served-in-turn.ts';

const MAX_BUSY_US = 100_000;
const MAX_BYTES = 1_000_000;
const bodies = new Map<number, Buffer>();
const bodyOf = (bytes: number) => {
  let body = bodies.get(bytes);
  if (!body) bodies.set(bytes, (body = Buffer.alloc(bytes, 'x')));
  return body;
};

const turn = createTurns();

http
  .createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const busyUs = Math.min(MAX_BUSY_US, Math.max(0, Number(url.searchParams.get('busyUs')) || 0));
    const bytes = Math.min(MAX_BYTES, Math.max(0, Number(url.searchParams.get('bytes')) || 0));
    if (busyUs > 0) await turn();
    const until = performance.now() + busyUs / 1000;
    while (performance.now() < until);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(bodyOf(bytes));
  })
  .listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
