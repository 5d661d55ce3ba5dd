import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isStoreUnavailable, storeUnavailableError } from '../storage/store-unavailable.ts';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, type ErrorCode, type FieldProblem } from '../core/errors.ts';
import { describeFieldProblems, formatPath } from '../core/validation-messages.ts';

/** RFC 9457 problem details: the one error shape of the HTTP API. */

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

export const PROBLEM_TYPES: Record<ErrorCode, { status: number; title: string; description: string }> = {
  invalid_input: { status: 400, title: 'Invalid input', description: 'A query parameter, path segment or body field is missing or out of range; `errors` names each field and what it accepts.' },
  not_found: { status: 404, title: 'Not found', description: 'Nothing exists at this address or with this slug; `suggestions` lists close matches where there are any.' },
  method_not_allowed: { status: 405, title: 'Method not allowed', description: 'The address exists but not for this method; the Allow header lists the methods it serves.' },
  conflict: { status: 409, title: 'Conflict', description: 'The request conflicts with the current state, for example a retry while the first attempt is still in flight.' },
  rate_limited: { status: 429, title: 'Too many requests', description: 'The client sent too many requests; wait for the number of seconds in Retry-After.' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type', description: 'The request body must be sent as application/json.' },
  payload_too_large: { status: 413, title: 'Payload too large', description: 'The request body is larger than the service accepts.' },
  unauthorized: { status: 401, title: 'Unauthorized', description: 'The request needs an Authorization: Bearer token.' },
  forbidden: { status: 403, title: 'Forbidden', description: 'The token given does not allow this request.' },
  unavailable: { status: 503, title: 'Service unavailable', description: 'The service cannot answer right now; retry later.' },
  internal: { status: 500, title: 'Internal error', description: 'Something failed inside the service; the request may be retried.' },
};

export const problemTypeUri = (code: ErrorCode) => `/problems/${code.replaceAll('_', '-')}`;

export const problemSchema = z
  .object({
    type: z.string().describe('Stable URI of the kind of problem, e.g. "/problems/invalid-input".'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().optional(),
    code: z.string().describe('The same kind as a short code, e.g. "invalid_input".'),
    errors: z
      .array(z.object({ field: z.string(), in: z.enum(['query', 'path', 'body', 'header']).optional(), message: z.string() }))
      .optional()
      .describe('One entry per field at fault, each saying how to fix it.'),
    suggestions: z.array(z.string()).optional().describe('Close matches for an unknown slug.'),
  })
  .passthrough()
  .meta({ id: 'Problem' });

export type Problem = z.infer<typeof problemSchema>;

const STATUS_TEXT: Record<number, string> = {
  300: 'The slug was split into several listings: `movedTo` lists their slugs and `locations` their addresses.',
  301: 'The listing moved to another slug: Location gives the same address under it, and `movedTo` the new slug.',
  400: 'A query parameter or path segment is not valid; `errors` names each.',
  401: 'The request needs `Authorization: Bearer` with the admin token.',
  403: 'The token given is not the admin token.',
  404: 'Nothing has this address or slug; `suggestions` lists close matches.',
  409: 'A request with this Idempotency-Key is still being handled; retry after Retry-After seconds.',
  413: 'The body is larger than 64 KiB.',
  415: 'The body must be sent as application/json.',
  422: 'The body is well-formed but a field is not valid; `errors` names each.',
  429: 'Too many requests from this address; wait for Retry-After seconds.',
  500: 'Something failed inside the service.',
};

/** OpenAPI responses for the given error statuses, each an application/problem+json body. */
export const problemResponses = (...statuses: (keyof typeof STATUS_TEXT)[]) =>
  Object.fromEntries(
    [...statuses, 500].map((status) => [
      status,
      { description: STATUS_TEXT[status]!, content: { [PROBLEM_MEDIA_TYPE]: { schema: problemSchema } } },
    ]),
  );

export function toProblem(code: ErrorCode, detail: string, options: { instance?: string; fields?: FieldProblem[]; status?: number; extensions?: Record<string, unknown> } = {}): Problem {
  const kind = PROBLEM_TYPES[code];
  return {
    type: problemTypeUri(code),
    title: kind.title,
    status: options.status ?? kind.status,
    detail,
    ...(options.instance ? { instance: options.instance } : {}),
    code,
    ...(options.fields?.length ? { errors: options.fields } : {}),
    ...options.extensions,
  };
}

export const sendProblem = (reply: FastifyReply, problem: Problem) => {
  // A 503 says when to come back, as a 429 does.
  const retryAfter = (problem as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (problem.status === 503 && typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  return reply.code(problem.status).type(PROBLEM_MEDIA_TYPE).header('cache-control', 'no-store').send(problem);
};

const WHERE: Record<string, FieldProblem['in']> = { querystring: 'query', params: 'path', body: 'body', headers: 'header' };

/** Maps anything thrown while handling a request to a problem; unexpected errors are logged and hidden. */
export function problemFromError(error: unknown, request: FastifyRequest): Problem {
  const instance = request.url;
  if (error instanceof AppError) {
    // The core does not know where a field travelled; on a read it can only be the query string.
    const defaultIn: FieldProblem['in'] = request.method === 'GET' || request.method === 'HEAD' ? 'query' : 'body';
    const fields = error.fields.map((field) => ({ ...field, in: field.in ?? defaultIn }));
    const inBody = fields.some((field) => field.in === 'body');
    const status = error.code === 'invalid_input' && inBody ? 422 : undefined;
    return toProblem(error.code, error.message, { instance, fields, extensions: error.extensions, ...(status ? { status } : {}) });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = WHERE[(error as FastifyError).validationContext ?? ''] ?? 'query';
    const fields = error.validation.map((issue): FieldProblem => {
      const message = issue.message ?? 'is not valid';
      const path = issue.instancePath.split('/').filter(Boolean).map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
      const field = formatPath(path);
      const keys = (issue.params as { keys?: string[] }).keys;
      if (issue.keyword === 'unrecognized_keys' && keys) return { field: keys.map((key) => (field ? `${field}.${key}` : key)).join(', '), in: where, message };
      return { field: field || '(root)', in: where, message };
    });
    return toProblem('invalid_input', describeFieldProblems(fields), { instance, fields, ...(where === 'body' ? { status: 422 } : {}) });
  }
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return toProblem('unsupported_media_type', `Send the body as application/json; got ${request.headers['content-type'] ?? 'no Content-Type'}.`, { instance });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return toProblem('payload_too_large', 'The request body is too large; keep it under the documented limit.', { instance });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return toProblem('invalid_input', `The body is not valid JSON: ${fastifyError.message}.`, { instance, fields: [{ field: '(body)', in: 'body', message: 'send one well-formed JSON object' }] });
    default:
      break;
  }
  if (isStoreUnavailable(error)) {
    request.log.warn({ err: error }, 'the store is unavailable');
    return problemFromError(storeUnavailableError(), request);
  }
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return toProblem('invalid_input', fastifyError.message, { instance, status: fastifyError.statusCode });
  }
  request.log.error({ err: error }, 'unhandled error');
  return toProblem('internal', 'Something failed inside the service. The request may be retried; if it keeps failing, report it.', { instance });
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (a request line or headers
 * over 16 KB, a malformed request, a client too slow): they are answered as problem+json too,
 * not with Fastify's bare {"error": …} (issue 15).
 */
export function answerClientError(error: Error & { code?: string }, socket: import('node:net').Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, title, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request header fields too large', 'The request line or headers are over 16 KB; send a shorter URL (long needs fit in a POST body elsewhere) or fewer headers.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request timeout', 'The request did not arrive in time; send it again.']
        : [400, 'Bad request', 'The request is not valid HTTP; check the request line and headers.'];
  const body = JSON.stringify({ type: '/problems/invalid-input', title, status, detail, code: 'invalid_input' });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${title}\r\nContent-Type: ${PROBLEM_MEDIA_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
