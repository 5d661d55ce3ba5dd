import { z } from 'zod';
import type { Route } from './route.ts';

/** Liveness only: answers without touching the store, so it is also the benchmarks' baseline. */
export const healthRoute: Route = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['service'],
        summary: 'Liveness probe',
        description: 'Answers 200 {"status":"ok"} while the process serves requests. Does not touch the store.',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
};
