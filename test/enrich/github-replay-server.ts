import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * GitHub's REST API on 127.0.0.1 for the enrich tests, answering from test/fixtures/github/ (see
 * its README): GET /repos/{owner}/{repo} and GET /search/issues?q=repo:{owner}/{repo} type:issue
 * state:{open|closed}. Anything else is a 404, as on GitHub. Each request is recorded.
 */

const FIXTURES = path.resolve('test/fixtures/github');

export interface GithubRequest {
  path: string;
  query: string | null;
  authorization: string | undefined;
  at: number;
  /** When its answer had been written (performance.now()), so tests can tell one request at a time from overlapping ones. */
  answeredAt?: number;
}

export class GithubReplayServer {
  readonly requests: GithubRequest[] = [];
  private base = '';
  private constructor(private readonly server: Server) {}

  static async start(): Promise<GithubReplayServer> {
    let replay!: GithubReplayServer;
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const query = url.searchParams.get('q');
      const recorded: GithubRequest = { path: url.pathname, query, authorization: request.headers.authorization, at: performance.now() };
      replay.requests.push(recorded);
      response.on('finish', () => (recorded.answeredAt = performance.now()));
      const repo = /^\/repos\/([^/]+)\/([^/]+)$/.exec(url.pathname);
      const search = url.pathname === '/search/issues' && query ? /^repo:([^/\s]+)\/(\S+) type:issue state:(open|closed)$/.exec(query) : null;
      const file = repo ? path.join('repos', `${repo[1]}__${repo[2]}.json`) : search ? path.join('search', `${search[1]}__${search[2]}.${search[3]}.json`) : null;
      let body: string | null = null;
      try {
        body = file ? readFileSync(path.join(FIXTURES, file), 'utf8') : null;
      } catch {
        body = null;
      }
      if (body === null) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    });
    replay = new GithubReplayServer(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    replay.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return replay;
  }

  get apiUrl(): string {
    return this.base;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
