// The blockstats API inside a Fastify app, as a plugin registered with a prefix.
//
//   node --conditions=source --import tsx examples/fastify.ts [SERVER_DIR] [PORT] [PREFIX]
//
// Fastify keeps the whole path in `request.raw.url`, so the router gets it as is (with the same
// `basePath`), through the Node adapter, which also passes the socket's address. The reply is
// hijacked: the adapter writes the response, HEAD, 304 and streaming included. Malformed URLs
// that Fastify refuses before routing are handed over too (`frameworkErrors`).
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { buildSnapshot } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import { createRouter, type BlockstatsRouter } from '@blockstats/server';
import { toNodeListener } from '@blockstats/server/node';

/** A Fastify plugin serving `router` under the prefix it is registered with. */
export function blockstatsPlugin(router: BlockstatsRouter): FastifyPluginAsync {
  const listener = toNodeListener(router.fetch);
  return async (fastify) => {
    // The router answers every method itself (405 with Allow, CORS preflights).
    fastify.all('/*', (request, reply) => {
      reply.hijack();
      listener(request.raw, reply.raw);
    });
    fastify.all('/', (request, reply) => {
      reply.hijack();
      listener(request.raw, reply.raw);
    });
  };
}

/**
 * Fastify's `frameworkErrors` option: a request whose URL is not valid percent-encoding never
 * reaches a route (Fastify answers its own 400); this passes it to the router, which answers the
 * API's 400 problem (or 404 outside its base path) like every runtime does.
 */
export function blockstatsFrameworkErrors(router: BlockstatsRouter): NonNullable<FastifyServerOptions['frameworkErrors']> {
  const listener = toNodeListener(router.fetch);
  return (error, request, reply) => {
    // Any other framework error keeps Fastify's own answer.
    if (error.code !== 'FST_ERR_BAD_URL') return void reply.send(error as never);
    reply.hijack();
    listener(request.raw, reply.raw);
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('demo-server', import.meta.url));
  const port = Number(process.argv[3] ?? 8080);
  const prefix = process.argv[4] ?? '/stats';
  const snapshot = buildSnapshot(await readSave(dir), { now: Date.now() });
  const router = createRouter({ snapshot: () => snapshot, basePath: prefix });
  const app = Fastify({ frameworkErrors: blockstatsFrameworkErrors(router) });
  app.get('/', async (_request, reply) => reply.type('text/html').send(`<p>My site. Statistics: <a href="${prefix}/v1">${prefix}/v1</a></p>`));
  await app.register(blockstatsPlugin(router), { prefix });
  console.log(`listening on ${await app.listen({ port, host: '127.0.0.1' })}${prefix}/v1`);
}
