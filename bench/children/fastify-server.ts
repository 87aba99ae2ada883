import { readFileSync } from 'node:fs';
import { useMatrix } from '../../test/support/matrix.js';
import type { RecordedResponse } from './api-server.js';

// The yardstick of the API benchmark (issue 42): the server a user would write instead of
// `blockstats serve`, Fastify 5 with @fastify/rate-limit (240 a minute per client, the client
// from a trusted proxy's X-Forwarded-For) and its pino request log on stdout, answering the bytes
// `blockstats serve` answered for the same paths (as the bare server does: 200, and the 304 when
// If-None-Match matches). The bench hands its stdout the same log pipe as `blockstats serve`'s.
// Usage: fastify-server.ts <responses.json> <trusted proxy> <clients the limiter must hold>

// Exit normally on a signal, so `--cpu-prof` writes its profile.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0));

// Fastify and its rate limiter come from the test matrix (`npm run install:matrix`).
const absent = useMatrix();
if (absent) throw new Error(`the API benchmark's Fastify yardstick needs the ${absent}`);
const { default: Fastify } = await import('fastify');
const { default: rateLimit } = await import('@fastify/rate-limit');

const [file, proxy, clients] = process.argv.slice(2);
if (!file || !proxy || !(Number(clients) > 0)) throw new Error('usage: fastify-server.ts <responses.json> <trusted proxy> <clients>');

/** The recorded headers less the rate limit's: the plugin sends its own for each client. */
const withoutRateLimit = (headers: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith('ratelimit') && name !== 'retry-after'));

// `logger: true` is Fastify's documented request log (pino, JSON lines on stdout: a line when a
// request comes in, one when it is answered); `trustProxy` takes the client from
// X-Forwarded-For only when the connection comes from the proxy, as blockstats'
// `trusted_proxies` does.
const app = Fastify({ logger: true, trustProxy: proxy });
// The draft-spec `RateLimit-*` headers, as blockstats sends; the limiter's LRU holds every client
// wrk sends (its default 5,000 would forget, and so stop limiting, half of the bench's 10,000).
await app.register(rateLimit, { max: 240, timeWindow: '1 minute', cache: Number(clients), enableDraftSpec: true });

for (const response of JSON.parse(readFileSync(file, 'utf8')) as RecordedResponse[]) {
  const body = Buffer.from(response.body);
  const headers = withoutRateLimit(response.headers);
  const notModified = response.notModified;
  const notModifiedHeaders = notModified ? withoutRateLimit(notModified.headers) : {};
  app.get(response.path, async (request, reply) => {
    if (notModified && request.headers['if-none-match'] === notModified.etag) return reply.code(304).headers(notModifiedHeaders).send();
    return reply.code(response.status).headers(headers).send(body);
  });
}

// As the reference server's listener.
await app.listen({ host: '127.0.0.1', port: 0 });
app.server.keepAliveTimeout = 5_000;
