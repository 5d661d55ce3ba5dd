import { AppError } from '../core/errors.ts';
import type { RateLimitSettings } from '../http/rate-limit.ts';

const isLoopback = (address: string) => address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

/**
 * The HTTP API's write limit (APIDEX_RATE_LIMIT_WRITES per client address, loopback exempt
 * unless APIDEX_RATE_LIMIT_LOOPBACK=on) applied to MCP tools that write, so submit_review
 * over /mcp is limited as POST /api/reviews is. Its own fixed windows, in this process.
 */
export function writeLimiter(settings: RateLimitSettings | 'off', now: () => number = Date.now): (address: string) => void {
  if (settings === 'off') return () => {};
  const windows = new Map<string, { start: number; count: number }>();
  const { limit, windowSeconds } = settings.writes;
  return (address) => {
    if (!settings.limitLoopback && isLoopback(address)) return;
    const time = now();
    if (windows.size > 10_000) for (const [key, w] of windows) if (time - w.start >= windowSeconds * 1000) windows.delete(key);
    let window = windows.get(address);
    if (!window || time - window.start >= windowSeconds * 1000) windows.set(address, (window = { start: time, count: 0 }));
    window.count += 1;
    if (window.count > limit) {
      const retry = Math.max(1, Math.ceil((window.start + windowSeconds * 1000 - time) / 1000));
      throw new AppError('rate_limited', `This address may make ${limit} writes every ${windowSeconds} seconds; retry in ${retry} seconds.`, { extensions: { retryAfterSeconds: retry } });
    }
  };
}
