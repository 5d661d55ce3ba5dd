import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpApp } from '../../src/http/app.ts';
import { addServedInTurn, createTurns, SERVED_IN_TURN } from '../../src/http/served-in-turn.ts';
import { createTestSqlitePath } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { markLoopTurns } from '../support/loop-turns.ts';

/**
 * Requests that rank start in the order they arrived, one per turn of the event loop (ADR 32,
 * twenty-third session). These tests check the order and the turns, not timings; `npm run bench`
 * and wrk measure what it does to the tail.
 */

describe('a queue of turns', () => {
  it('starts its callers in the order they asked, with a turn of the event loop between two', async () => {
    const turn = createTurns();
    const events: string[] = [];
    const stopMarking = markLoopTurns(events);
    await Promise.all(['a', 'b', 'c'].map((name) => turn().then(() => events.push(name))));
    stopMarking();
    expect(events.slice(events.indexOf('a'), events.indexOf('c') + 1)).toEqual(['a', 'tick', 'b', 'tick', 'c']);
  });

  it('keeps going when a caller asks while a turn is under way, and when the queue empties and fills again', async () => {
    const turn = createTurns();
    const events: string[] = [];
    await turn().then(async () => {
      events.push('first');
      await turn();
      events.push('asked during the first');
    });
    await turn();
    events.push('after the queue emptied');
    expect(events).toEqual(['first', 'asked during the first', 'after the queue emptied']);
  });
});

describe('the hook', () => {
  it('starts a queued route\'s handler a turn after its request arrived, in the order they arrived, and any other route at once', async () => {
    const app = Fastify();
    addServedInTurn(app);
    const events: string[] = [];
    app.addHook('onRequest', async (request) => void events.push(`in ${request.url}`));
    app.get('/rank/:id', SERVED_IN_TURN, async (request) => {
      events.push(`run ${request.url}`);
      return {};
    });
    app.get('/health', async (request) => {
      events.push(`run ${request.url}`);
      return {};
    });
    await app.ready();
    const stopMarking = markLoopTurns(events);
    await Promise.all(['/rank/1', '/rank/2', '/health', '/rank/3'].map((url) => app.inject({ url })));
    stopMarking();
    await app.close();
    const seen = events.filter((event) => event !== 'tick');
    expect(seen.filter((event) => event.startsWith('run /rank'))).toEqual(['run /rank/1', 'run /rank/2', 'run /rank/3']);
    // /health runs in the turn it arrived in; each /rank in a later turn than it arrived, one per turn.
    expect(events.slice(events.indexOf('in /health'), events.indexOf('run /health'))).not.toContain('tick');
    for (const id of [1, 2, 3]) expect(events.slice(events.indexOf(`in /rank/${id}`), events.indexOf(`run /rank/${id}`))).toContain('tick');
    const runs = events.slice(events.indexOf('run /rank/1'), events.indexOf('run /rank/3') + 1).filter((event) => event === 'tick' || event.startsWith('run /rank'));
    expect(runs).toEqual(['run /rank/1', 'tick', 'run /rank/2', 'tick', 'run /rank/3']);
  });
});

describe('the routes of apidex that rank', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(`file:${createTestSqlitePath()}`);
  }, 120_000);
  afterAll(async () => server?.close());

  it('wait their turn, and the routes that answer at once do not', async () => {
    const app = await buildHttpApp({ ctx: server.ctx });
    const queued = new Set(app.registeredRoutes.filter((route) => route.servedInTurn).map((route) => `${route.method} ${route.url}`));
    await app.close();
    expect([...queued].sort()).toEqual(
      ['/api/discover', '/api/recommend', '/api/compare', '/api/apis/:slug/alternatives', '/api/apis', '/search', '/compare', '/compare/:pair', '/apis/:slug'].map((url) => `GET ${url}`).sort(),
    );
  });

  it('still answer when many arrive together', async () => {
    const needs = ['send sms messages', 'geocode an address', 'weather forecast for a city', 'translate text', 'accept card payments'];
    const responses = await Promise.all(needs.map((need) => fetch(`${server.baseUrl}/api/discover?q=${encodeURIComponent(need)}`)));
    for (const response of responses) expect(response.status).toBe(200);
  });
});
