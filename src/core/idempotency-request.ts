import type { RecordedResponse } from './store.ts';

/** What a surface records under an Idempotency-Key: the key, the request's fingerprint, and the response rendered from the write's result. */
export interface IdempotencyRequest<Result> {
  key: string;
  fingerprint: string;
  respond(result: Result): RecordedResponse;
}
