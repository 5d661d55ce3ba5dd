import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';
import { PROBLEM_MEDIA_TYPE, toProblem } from './problem.ts';

/**
 * A read of a slug the catalogue moved (listingMoved in core/listings/suggest-slugs.ts): one
 * new slug answers 301 with the same address under it (sub-routes, query and all); a split
 * answers 300 Multiple Choices with a problem+json body whose `movedTo` lists the new slugs
 * and `locations` their addresses. Both bodies are problem details, so a client that does not
 * follow redirects reads why. A write, or an address where the old slug cannot be swapped,
 * stays the 404 that names the new slugs.
 */

export interface SlugMoveError {
  from: string;
  to: string[];
  reason: string;
}

export function slugMoveOf(error: unknown): SlugMoveError | undefined {
  if (!(error instanceof AppError) || error.code !== 'not_found') return undefined;
  const { movedFrom, movedTo, movedReason } = error.extensions;
  if (typeof movedFrom !== 'string' || !Array.isArray(movedTo) || movedTo.length === 0) return undefined;
  return { from: movedFrom, to: movedTo as string[], reason: String(movedReason ?? '') };
}

/** The request's address with the old slug swapped for `to`: as a path segment (also "old.svg"), else as a query value; null when it is in neither. */
export function addressUnder(url: string, from: string, to: string): string | null {
  const parsed = new URL(url, 'http://apidex.invalid');
  let swapped = false;
  const segments = parsed.pathname.split('/').map((segment) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return segment;
    }
    if (decoded === from) {
      swapped = true;
      return to;
    }
    if (decoded === `${from}.svg`) {
      swapped = true;
      return `${to}.svg`;
    }
    return segment;
  });
  if (swapped) return `${segments.join('/')}${parsed.search}`;
  for (const [name, value] of parsed.searchParams) {
    if (value === from) {
      parsed.searchParams.set(name, to);
      return `${parsed.pathname}${parsed.search}`;
    }
  }
  return null;
}

/** The redirect for a moved slug, or undefined when the request is not a read whose address can be swapped. */
export function movedAnswer(error: unknown, request: FastifyRequest): { status: 301 | 300; locations: string[]; move: SlugMoveError } | undefined {
  const move = slugMoveOf(error);
  if (!move || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  const locations = move.to.map((to) => addressUnder(request.url, move.from, to));
  if (locations.some((location) => location === null)) return undefined;
  return { status: move.to.length === 1 ? 301 : 300, locations: locations as string[], move };
}

/** Sends the JSON API's answer for a moved slug; false when the error is not one (the caller sends its problem). */
export function sendMoved(error: unknown, request: FastifyRequest, reply: FastifyReply): boolean {
  const answer = movedAnswer(error, request);
  if (!answer) return false;
  const problem = toProblem('not_found', (error as Error).message, {
    instance: request.url,
    status: answer.status,
    extensions: { title: answer.status === 301 ? 'Moved Permanently' : 'Multiple Choices', suggestions: answer.move.to, movedFrom: answer.move.from, movedTo: answer.move.to, movedReason: answer.move.reason, locations: answer.locations },
  });
  if (answer.status === 301) reply.header('location', answer.locations[0]!);
  // Old slugs are kept for good, but a rename may be undone: caches keep the answer a day.
  reply.code(answer.status).type(PROBLEM_MEDIA_TYPE).header('cache-control', 'public, max-age=86400').send(problem);
  return true;
}
