import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';

/**
 * A stand-in for the npm registry and the download counts API on 127.0.0.1 (port 0), replaying
 * the recorded documents of test/fixtures/npm/ (see its README). Registry documents are at
 * {registryUrl}/{name} (scoped names encoded or not), download counts at
 * {downloadsApiUrl}/downloads/point/last-week/{name}; anything else is a 404, as on npm.
 *
 * `script(path, ...behaviours)` makes a path answer otherwise: each request takes the next
 * behaviour and the last one repeats, e.g. script(p, { status: 500 }, { fixture }) fails once.
 */

export const FIXTURES = path.resolve('test/fixtures/npm');

export type Behaviour =
  | { fixture: string }
  | { status: number; body?: string; headers?: Record<string, string> }
  /** Accepts the request and never answers. */
  | { hang: true }
  /** 200 with the first `bytes` bytes of a fixture: JSON cut off mid-transfer. */
  | { truncate: string; bytes: number };

export interface RecordedRequest {
  path: string;
  rawUrl: string;
  accept: string | undefined;
  at: number;
}

const fixtureFile = (name: string) => `${name.replace('/', '__')}.json`;

export class RegistryReplayServer {
  readonly requests: RecordedRequest[] = [];
  private readonly scripts = new Map<string, Behaviour[]>();
  private readonly sockets = new Set<Socket>();
  private readonly server = createServer((request, response) => this.answer(request, response));
  private base = '';

  static async start(): Promise<RegistryReplayServer> {
    const replay = new RegistryReplayServer();
    replay.server.on('connection', (socket) => {
      replay.sockets.add(socket);
      socket.on('close', () => replay.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => replay.server.listen(0, '127.0.0.1', resolve));
    replay.base = `http://127.0.0.1:${(replay.server.address() as AddressInfo).port}`;
    return replay;
  }

  get registryUrl(): string {
    return `${this.base}/registry`;
  }

  get downloadsApiUrl(): string {
    return `${this.base}/api`;
  }

  /** The decoded path of a package's registry document, e.g. /registry/@types/pusher-js. */
  static registryPath = (name: string) => `/registry/${name}`;
  static downloadsPath = (name: string) => `/api/downloads/point/last-week/${name}`;

  script(pathname: string, ...behaviours: Behaviour[]): void {
    this.scripts.set(pathname, behaviours);
  }

  /** Requests made for one decoded path. */
  requestsFor(pathname: string): RecordedRequest[] {
    return this.requests.filter((request) => request.path === pathname);
  }

  private defaultBehaviour(pathname: string): Behaviour {
    const registry = /^\/registry\/(.+)$/.exec(pathname);
    const downloads = /^\/api\/downloads\/point\/last-week\/(.+)$/.exec(pathname);
    const file = registry ? path.join('registry', fixtureFile(registry[1]!)) : downloads ? path.join('downloads', fixtureFile(downloads[1]!)) : undefined;
    try {
      if (file) readFileSync(path.join(FIXTURES, file));
      return file ? { fixture: file } : { status: 404, body: '{"error":"Not found"}' };
    } catch {
      return { status: 404, body: downloads ? `{"error":"package ${downloads[1]} not found"}` : '{"error":"Not found"}' };
    }
  }

  private answer(request: IncomingMessage, response: ServerResponse): void {
    const rawUrl = request.url ?? '/';
    const pathname = decodeURIComponent(new URL(rawUrl, 'http://x').pathname);
    this.requests.push({ path: pathname, rawUrl, accept: request.headers.accept, at: Date.now() });
    const scripted = this.scripts.get(pathname);
    const behaviour = scripted ? (scripted.length > 1 ? scripted.shift()! : scripted[0]!) : this.defaultBehaviour(pathname);
    if ('hang' in behaviour) return;
    if ('fixture' in behaviour) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(readFileSync(path.join(FIXTURES, behaviour.fixture)));
      return;
    }
    if ('truncate' in behaviour) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(readFileSync(path.join(FIXTURES, behaviour.truncate)).subarray(0, behaviour.bytes));
      return;
    }
    response.writeHead(behaviour.status, { 'content-type': 'application/json', ...behaviour.headers }).end(behaviour.body ?? '');
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
