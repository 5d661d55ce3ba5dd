import { z } from 'zod';
import { ERROR_CODES } from '../../core/errors.ts';
import { PROBLEM_TYPES, problemResponses, problemTypeUri, sendProblem, toProblem } from '../problem.ts';
import type { Route } from './route.ts';

const typeNames = ERROR_CODES.map((code) => code.replaceAll('_', '-')) as [string, ...string[]];

/** Makes every problem `type` URI dereferenceable: it describes the kind of error. */
export const problemTypesRoute: Route = async (app) => {
  app.get(
    '/problems/:type',
    {
      schema: {
        tags: ['service'],
        summary: 'Describe a kind of problem',
        description: 'The documentation behind each problem `type` URI.',
        params: z.object({ type: z.string().max(60) }),
        response: {
          200: z.object({ type: z.string(), code: z.string(), status: z.number().int(), title: z.string(), description: z.string() }),
          ...problemResponses(404),
        },
      },
    },
    async (request, reply) => {
      const index = typeNames.indexOf(request.params.type);
      const code = ERROR_CODES[index];
      if (!code) {
        return sendProblem(reply, toProblem('not_found', `No problem type is called "${request.params.type}". Known types: ${typeNames.join(', ')}.`, { instance: request.url }));
      }
      const kind = PROBLEM_TYPES[code];
      return { type: problemTypeUri(code), code, status: kind.status, title: kind.title, description: kind.description };
    },
  );
};
