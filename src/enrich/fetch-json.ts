import type { RetryPolicy } from './enrich-settings.ts';

/**
 * GET a JSON document from an outside service, patiently and boundedly: each request has a
 * timeout (answer body included), and a timeout, a dropped connection, a 408/429/5xx answer
 * or a body that is not JSON is retried up to `attempts` requests in all, waiting between
 * them with exponential backoff and full jitter (AWS's "full jitter": a random wait from 0 to
 * backoffMs × 2^(n-1), capped), so that many clients retrying do not arrive together.
 * A Retry-After header lengthens the wait, never beyond the cap.
 *
 * 404 and 410 are answers, not failures ("no such package"), and are not retried; other 4xx
 * are the caller's mistake and are not retried either.
 */

export type FetchJsonResult = { kind: 'ok'; body: unknown; attempts: number } | { kind: 'not-found'; status: number; attempts: number };

export class FetchJsonError extends Error {
  override name = 'FetchJsonError';
  constructor(
    message: string,
    readonly url: string,
    readonly attempts: number,
  ) {
    super(message);
  }
}

export interface FetchJsonOptions {
  retry: RetryPolicy;
  headers?: Record<string, string>;
  /** Injected in tests; global fetch otherwise. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** 0 ≤ random() < 1, for the jitter. */
  random?: () => number;
  /** Told before each wait; for logs and tests. */
  onRetry?: (info: { url: string; attempt: number; waitMs: number; reason: string }) => void;
  /** The most bytes of one answer read (MAX_BODY_BYTES unless a test sets less). */
  maxBodyBytes?: number;
}

/** Refused, by its Content-Length or as it streams: a package document this large is not one we can use. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

const RETRYABLE_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class AttemptFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The wait before retry `attempt` (1 = the first retry): full jitter over an exponential, capped. */
export function backoffDelay(attempt: number, retry: RetryPolicy, random: () => number, retryAfterMs?: number): number {
  const ceiling = Math.min(retry.maxBackoffMs, retry.backoffMs * 2 ** (attempt - 1));
  const jittered = Math.floor(random() * ceiling);
  return Math.min(retry.maxBackoffMs, Math.max(jittered, retryAfterMs ?? 0));
}

function retryAfterMsOf(header: string | null): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

async function attemptOnce(url: string, options: FetchJsonOptions): Promise<FetchJsonResult> {
  const fetchImpl = options.fetch ?? fetch;
  const { timeoutMs } = options.retry;
  let response: Response;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    response = await fetchImpl(url, { headers: { accept: 'application/json', ...options.headers }, signal, redirect: 'follow' });
  } catch (error) {
    throw new AttemptFailure(describeFetchError(error, timeoutMs), true);
  }
  if (response.status === 404 || response.status === 410) {
    await response.body?.cancel().catch(() => {});
    return { kind: 'not-found', status: response.status, attempts: 1 };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    const what = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    throw new AttemptFailure(what, RETRYABLE_STATUS.has(response.status), retryAfterMsOf(response.headers.get('retry-after')));
  }
  const length = Number(response.headers.get('content-length') ?? '0');
  if (length > MAX_BODY_BYTES) {
    await response.body?.cancel().catch(() => {});
    throw new AttemptFailure(`the answer is ${length} bytes, more than the ${MAX_BODY_BYTES} read at most`, false);
  }
  const text = await readCapped(response, options.maxBodyBytes ?? MAX_BODY_BYTES, timeoutMs);
  try {
    return { kind: 'ok', body: JSON.parse(text) as unknown, attempts: 1 };
  } catch {
    // A cut-off transfer looks like this too, so it is worth another try.
    throw new AttemptFailure(`the answer is not valid JSON (${text.length === 0 ? 'empty' : `starts ${JSON.stringify(text.slice(0, 40))}`})`, true);
  }
}

/**
 * The body as text, read chunk by chunk and given up once it passes `maxBytes`: a chunked answer
 * says no length up front, so the cap has to hold while it streams, not only by Content-Length.
 */
async function readCapped(response: Response, maxBytes: number, timeoutMs: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new AttemptFailure(`the answer passed ${maxBytes} bytes while it was read, more than is read at most`, false);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof AttemptFailure) throw error;
    throw new AttemptFailure(describeFetchError(error, timeoutMs), true);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const cause = err?.cause?.code ?? err?.cause?.message;
  return `cannot connect${cause ? ` (${cause})` : err?.message ? ` (${err.message})` : ''}`;
}

export async function fetchJson(url: string, options: FetchJsonOptions): Promise<FetchJsonResult> {
  const { attempts } = options.retry;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await attemptOnce(url, options);
      return { ...result, attempts: attempt };
    } catch (error) {
      if (!(error instanceof AttemptFailure)) throw error;
      if (!error.retryable || attempt >= attempts) {
        throw new FetchJsonError(`GET ${url}: ${error.message}${attempt > 1 ? ` (after ${attempt} attempts)` : error.retryable ? '' : ' (not retried)'}`, url, attempt);
      }
      const waitMs = backoffDelay(attempt, options.retry, random, error.retryAfterMs);
      options.onRetry?.({ url, attempt, waitMs, reason: error.message });
      await sleep(waitMs);
    }
  }
}
