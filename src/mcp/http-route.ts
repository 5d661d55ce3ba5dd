import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { CoreContext } from '../core/context.ts';
import { AppError } from '../core/errors.ts';
import { answerRateDecision, rateLimitMessage, type RequestLimiter } from '../http/rate-limit.ts';

/**
 * The MCP SDK and the tools load on first use (or once the server listens, see below), not
 * with the server: they are a fifth of its modules, and start-up waits for every module loaded.
 */
let mcpModules: Promise<[typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js'), typeof import('./server.ts')]> | undefined;
const loadMcp = () =>
  (mcpModules ??= Promise.all([import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('./server.ts')]).catch((error: unknown) => {
    mcpModules = undefined;
    throw error;
  }));

/**
 * MCP over Streamable HTTP at /mcp, stateless: each POST gets its own server and transport
 * and a JSON answer, so any instance behind a load balancer can answer any request and
 * nothing is kept between them. There are no sessions, so GET (a server-to-client stream)
 * and DELETE (end a session) answer 405.
 */
export const mcpRoute: FastifyPluginAsync<{ ctx: CoreContext; limiter?: RequestLimiter }> = async (app, { ctx, limiter }) => {
  /** A tool that writes (submit_review) also counts against the client's write quota, as POST /api/reviews does. */
  const limitWrites = (address: string) => {
    const decision = limiter?.take('writes', address);
    if (decision && !decision.allowed) throw new AppError('rate_limited', rateLimitMessage(decision), { extensions: { retryAfterSeconds: decision.resetSeconds } });
  };

  app.addHook('onListen', () => {
    setImmediate(() => loadMcp().catch((error: unknown) => app.log.error({ err: error }, 'the MCP modules failed to load; /mcp will try again on its next request')));
  });

  app.post('/mcp', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const address = request.ip;
    // Each JSON-RPC message of a batch is a request of its own: a batch of 100 counts 100 reads.
    if (limiter) {
      const messages = Array.isArray(request.body) ? Math.max(1, request.body.length) : 1;
      const refused = answerRateDecision(request, reply, limiter.take('reads', address, messages));
      if (refused) return refused;
    }
    const [{ StreamableHTTPServerTransport }, { createMcpServer }] = await loadMcp();
    const server = createMcpServer({ core: ctx, client: { address }, beforeWrite: () => limitWrites(address) });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  const notAllowed = async (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'POST')
      .send({ jsonrpc: '2.0', error: { code: -32000, message: `${request.method} is not served at /mcp: this server is stateless; send JSON-RPC messages with POST.` }, id: null });
  app.get('/mcp', { schema: { hide: true } }, notAllowed);
  app.delete('/mcp', { schema: { hide: true } }, notAllowed);
};
