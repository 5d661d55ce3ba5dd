import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';

/**
 * The server's log: one line per request (method, path, status, milliseconds) instead of
 * Fastify's two, written without blocking the event loop. On a terminal the lines are for
 * people ("08:01:02 GET /api/discover 200 3.4 ms"); otherwise JSON lines, for log collectors.
 */

export interface ServerLog {
  logger: Logger;
  /** Writes out what is still buffered; call before process.exit. */
  flush(): void;
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** One JSON log line as a line for a person. */
export function humanLogLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = new Date(Number(entry.time)).toISOString().slice(11, 19);
  if (entry.msg === 'request' && typeof entry.method === 'string') {
    return `${time} ${entry.method} ${String(entry.url)} ${String(entry.status)} ${Number(entry.ms).toFixed(1)} ms\n`;
  }
  const level = LEVEL_NAMES[Number(entry.level)] ?? String(entry.level);
  const error = entry.err && typeof entry.err === 'object' ? `\n${String((entry.err as { stack?: unknown }).stack ?? (entry.err as { message?: unknown }).message)}` : '';
  return `${time} ${level} ${String(entry.msg ?? '')}${error}\n`;
}

export function createServerLog(level: string, out: NodeJS.WriteStream = process.stdout): ServerLog {
  if (out.isTTY) {
    const human = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.write(humanLogLine(chunk.toString('utf8')), () => done());
      },
    });
    return { logger: pino({ level }, human), flush: () => {} };
  }
  const destination = pino.destination({ dest: (out as NodeJS.WriteStream & { fd: number }).fd, sync: false });
  return {
    logger: pino({ level }, destination),
    flush: () => {
      try {
        destination.flushSync();
      } catch {
        // Nothing was buffered, or the stream is already closed.
      }
    },
  };
}

/** Logs each answered request once, at info. */
export function addRequestLog(app: Pick<FastifyInstance, 'addHook'>): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
    done();
  });
}
