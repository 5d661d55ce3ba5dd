import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS, startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * APIDEX_TRUST_PROXY=1 behind a real reverse proxy process: each client gets its own quota by
 * the address the proxy forwards, and a client cannot pick its address by sending its own
 * X-Forwarded-For. Clients are told apart by their loopback source address (127.0.0.2, .3, …).
 */

const PROXY = `
const http = require('node:http');
const target = Number(process.argv[1]);
const server = http.createServer((req, res) => {
  // As nginx's $proxy_add_x_forwarded_for: what the client sent, then the peer this proxy saw.
  const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  const upstream = http.request({ host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: { ...req.headers, 'x-forwarded-for': forwarded } }, (answer) => {
    res.writeHead(answer.statusCode, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

function startProxy(targetPort: number): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', PROXY, String(targetPort)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk) => resolve({ port: Number(String(chunk).trim()), child }));
    child.once('exit', (code) => reject(new Error(`the proxy exited with ${code}`)));
  });
}

/** A GET from a chosen loopback source address, with optional headers. */
function getFrom(localAddress: string, port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, localAddress, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

const statusesFrom = async (address: string, port: number, count: number, headers?: Record<string, string>) => {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push(await getFrom(address, port, '/api/apis?limit=1', headers));
  return statuses;
};

describe('behind a reverse proxy with APIDEX_TRUST_PROXY=1', () => {
  let server: TestServer;
  let proxy: { port: number; child: ChildProcess };
  beforeAll(async () => {
    server = await startTestServer(await STORE_KINDS[0].databaseUrl(), { rateLimits: { writes: { limit: 1, windowSeconds: 60 }, reads: { limit: 2, windowSeconds: 60 } }, trustProxy: 1 });
    proxy = await startProxy(Number(new URL(server.baseUrl).port));
  });
  afterAll(async () => {
    proxy?.child.kill();
    await server?.close();
  });

  it('limits each client by the address the proxy forwards, not the proxy\'s', async () => {
    expect(await statusesFrom('127.0.0.2', proxy.port, 3)).toEqual([200, 200, 429]);
    expect(await statusesFrom('127.0.0.3', proxy.port, 2)).toEqual([200, 200]);
  });

  it('believes only the hop it was told of: a client\'s own X-Forwarded-For buys it no fresh quota', async () => {
    const spoofed = async (n: number) => statusesFrom('127.0.0.4', proxy.port, 1, { 'x-forwarded-for': `198.51.100.${n}` });
    expect([...(await spoofed(1)), ...(await spoofed(2)), ...(await spoofed(3))]).toEqual([200, 200, 429]);
  });
});

describe('behind a reverse proxy that is not trusted', () => {
  let server: TestServer;
  let proxy: { port: number; child: ChildProcess };
  beforeAll(async () => {
    server = await startTestServer(await STORE_KINDS[0].databaseUrl(), { rateLimits: { writes: { limit: 1, windowSeconds: 60 }, reads: { limit: 2, windowSeconds: 60 } } });
    proxy = await startProxy(Number(new URL(server.baseUrl).port));
  });
  afterAll(async () => {
    proxy?.child.kill();
    await server?.close();
  });

  it('counts every client as the proxy, which is limited like any client: never unlimited', async () => {
    expect([...(await statusesFrom('127.0.0.5', proxy.port, 1)), ...(await statusesFrom('127.0.0.6', proxy.port, 2))]).toEqual([200, 200, 429]);
  });
});
