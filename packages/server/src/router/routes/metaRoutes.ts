import { LRUCache } from 'lru-cache';
import type { LiveStatus } from '../../live/types.js';
import { openapiDocument } from '../../openapi/openapiDocument.js';
import { s } from '../../openapi/schema.js';
import { defineRoute, type RouteDefinition } from '../RouteDefinition.js';
import type { RouteContext } from '../RouteContext.js';

/** SPEC "Stale data": regeneration has not run for over six hours. */
export const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

/** What `/v1/status` answers when no ping is configured: a failed ping, still a 200. */
function notConfigured(now: number): LiveStatus {
  return {
    online: false, players_online: null, players_max: null, version: null, protocol: null, motd: null,
    sample: [], latency_ms: null, edition: null, reason: 'not_configured', bedrock: null,
    checked_at: new Date(now).toISOString(),
  };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

// The document depends on the public base URL; keep a few, built once each.
const documents = new LRUCache<string, object>({ max: 16 });
function openapi(context: RouteContext<unknown>) {
  const key = `${context.baseUrl} ${context.problemBase} ${context.rateLimit?.limit}/${context.rateLimit?.windowSeconds}`;
  let document = documents.get(key);
  if (!document) {
    document = openapiDocument(context.routes, { baseUrl: context.baseUrl, problemBase: context.problemBase, rateLimit: context.rateLimit });
    documents.set(key, document);
  }
  return { document };
}

const openapiRoute = (path: string, operationId: string): RouteDefinition => defineRoute({
  path,
  operationId,
  tag: 'Meta',
  summary: 'This OpenAPI 3.1 description',
  description: 'Served at /openapi.json and /v1/openapi.json. Not wrapped in the Envelope.',
  query: {},
  cache: 'static',
  data: {},
  errors: [],
  handler: openapi,
});

/** SPEC "Meta" endpoints that need nothing but the router itself: index, status, health, OpenAPI. */
export const metaRoutes: RouteDefinition[] = [
  defineRoute({
    path: '/v1',
    operationId: 'listEndpoints',
    tag: 'Meta',
    summary: 'Every available endpoint',
    query: {},
    cache: 'static',
    data: s.array(s.ref('Endpoint')),
    meta: { openapi: s.uri('The OpenAPI description.'), version: s.string('API version.') },
    errors: [],
    handler: ({ routes, baseUrl }) => ({
      data: routes
        .filter((route) => route.path.startsWith('/v1') && !route.path.endsWith('/openapi.json'))
        .map((route) => ({
          method: 'GET',
          path: route.path,
          url_template: `${baseUrl}${route.path}`,
          group: route.tag,
          summary: route.summary,
          parameters: Object.keys(route.query),
          media_type: route.kind === 'svg' ? 'image/svg+xml' : 'application/json',
        })),
      meta: { openapi: `${baseUrl}/openapi.json`, version: '1.3.0' },
    }),
  }),
  defineRoute({
    path: '/v1/status',
    operationId: 'getStatus',
    tag: 'Meta',
    summary: 'Live server-list ping',
    description: 'Pings the game server (cached 10 seconds). A failed ping still answers 200 with `online` false and null counts.',
    query: {},
    cache: 'live',
    data: s.ref('LiveStatus'),
    errors: [],
    handler: async ({ options, now }) => ({ data: options.status ? await options.status.status() : notConfigured(now) }),
  }),
  defineRoute({
    path: '/v1/health',
    operationId: 'getHealth',
    tag: 'Meta',
    summary: 'Service health',
    description: '`degraded` when there is no data yet, the data is stale (no regeneration for over six hours), or the last regeneration failed. Never cached.',
    query: {},
    cache: 'never',
    noEtag: true,
    data: s.ref('Health'),
    errors: [],
    handler: ({ health, now }) => {
      const state = health();
      const last = state.lastSuccessAt;
      const stale = last === null || now - last > STALE_AFTER_MS;
      const failing = state.lastErrorAt !== null && (last === null || state.lastErrorAt > last);
      return {
        data: {
          status: stale || failing ? 'degraded' : 'ok',
          data_updated_at: iso(last),
          data_age_seconds: last === null ? null : Math.max(0, Math.floor((now - last) / 1000)),
          data_stale: stale,
          uptime_seconds: Math.max(0, Math.floor((now - state.startedAt) / 1000)),
          last_error_at: iso(state.lastErrorAt),
        },
      };
    },
  }),
  openapiRoute('/openapi.json', 'getOpenApi'),
  openapiRoute('/v1/openapi.json', 'getOpenApiV1'),
];

