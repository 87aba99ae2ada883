import { apiLanguages } from '../../i18n/apiLanguage.js';
import { resolveLanguages } from '../../site/SiteOptions.js';
import { populationHistory, serverInfo } from '@blockstats/core';
import { LRUCache } from 'lru-cache';
import { queryParams as q } from '../../http/queryParams.js';
import type { LiveStatus } from '../../live/types.js';
import { API_VERSION, openapiDocument } from '../../openapi/openapiDocument.js';
import { s } from '../../openapi/schema.js';
import { defineRoute, type RouteDefinition } from '../RouteDefinition.js';
import type { RouteContext } from '../RouteContext.js';
import { pageOf } from './routeHelpers.js';
import { recordAsOf } from '../recordAsOf.js';
import { serverStatuses } from '../serverStatuses.js';

/** SPEC "Stale data": regeneration has not run for over six hours. */
export const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

/** What `/v1/status` answers when no ping is configured: a failed ping, still a 200, checked at `since`. */
function notConfigured(since: number): LiveStatus {
  return {
    online: false, players_online: null, players_max: null, version: null, protocol: null, motd: null,
    sample: [], latency_ms: null, edition: null, reason: 'not_configured', bedrock: null,
    checked_at: new Date(since).toISOString(),
  };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

// The document depends on the public base URL; keep a few, built once each.
const documents = new LRUCache<string, object>({ max: 16 });
function openapi(context: RouteContext<unknown>) {
  const servers = context.options.servers?.map((server) => server.id) ?? [];
  const languages = apiLanguages(resolveLanguages(context.options.languages));
  const key = `${context.baseUrl} ${context.problemBase} ${context.rateLimit?.limit}/${context.rateLimit?.windowSeconds} ${servers.join(',')} ${languages.join(',')}`;
  let document = documents.get(key);
  if (!document) {
    document = openapiDocument(context.routes, { baseUrl: context.baseUrl, problemBase: context.problemBase, rateLimit: context.rateLimit, servers, languages });
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
  kind: 'document',
  errors: [],
  handler: openapi,
});

/** SPEC "Meta": the endpoint list, live status, health, server info, population history; and the OpenAPI document. */
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
          media_type: route.kind === 'svg' ? 'image/svg+xml' : route.kind === 'png' ? 'image/png' : 'application/json',
        })),
      meta: { openapi: `${baseUrl}/openapi.json`, version: API_VERSION },
    }),
  }),
  defineRoute({
    path: '/v1/status',
    operationId: 'getStatus',
    tag: 'Meta',
    summary: 'Live server-list ping',
    description: 'Pings the game server (cached 10 seconds). A failed ping still answers 200 with `online` false and null counts. On a network the top-level fields are the proxy\'s ping, and the network\'s answer (no `server` parameter) adds `servers`: every backend\'s own ping, all pinged at once (each cached 10 seconds), so a backend that is down answers `online` false with null counts within the ping timeout; `?server=<id>` answers that backend\'s ping alone.',
    query: {},
    cache: 'live',
    data: s.ref('LiveStatus'),
    errors: [],
    // Without a ping the answer never changes: dated when the router started, so its ETag holds.
    handler: async ({ options, health, url }) => {
      const since = health().startedAt;
      const network = options.servers?.length && !url.searchParams.get('server') ? options.servers : null;
      const [status, servers] = await Promise.all([
        options.status ? options.status.status() : notConfigured(since),
        network ? serverStatuses(network, () => notConfigured(since)) : null,
      ]);
      return { data: servers ? { ...status, servers } : status };
    },
  }),
  defineRoute({
    path: '/v1/health',
    operationId: 'getHealth',
    tag: 'Meta',
    summary: 'Service health',
    description: '`degraded` when there is no data yet, the data is stale (no regeneration for over six hours), the last regeneration failed (or was rejected, or abandoned past its time budget), or the host reports a problem (the activity record cannot be written, files of the save could not be read); `reasons` says which. Never cached.',
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
      const problems = state.problems ?? [];
      const reasons = [
        ...(last === null ? [{ code: 'no_data', detail: 'No statistics yet: no regeneration has succeeded.' }] : stale ? [{ code: 'stale', detail: `No regeneration for over six hours (the last at ${iso(last)}).` }] : []),
        ...(failing && !problems.some((p) => p.code === 'pull_failed') ? [{ code: 'pull_failed', detail: `The last regeneration failed (at ${iso(state.lastErrorAt)}).` }] : []),
        ...problems.map(({ code, detail }) => ({ code, detail })),
      ];
      return {
        data: {
          status: reasons.length > 0 ? 'degraded' : 'ok',
          data_updated_at: iso(state.dataUpdatedAt ?? last),
          data_age_seconds: last === null ? null : Math.max(0, Math.floor((now - last) / 1000)),
          data_stale: stale,
          uptime_seconds: Math.max(0, Math.floor((now - state.startedAt) / 1000)),
          last_error_at: iso(state.lastErrorAt),
          reasons,
        },
      };
    },
  }),
  defineRoute({
    path: '/v1/server',
    operationId: 'getServer',
    tag: 'Meta',
    summary: 'Server info',
    description: 'Addresses, player counts by edition (total, ranked, active), the ranking rules (minimum play time before a player is ranked, days before a player counts as inactive, crown weights) and the hiding rules in force as counts: whether banned players and operators are left out, how many players are listed to be left out, how many are hidden (never who). On a network, its servers and which one this answer is for.',
    query: {},
    cache: 'data',
    data: s.ref('ServerInfo'),
    errors: ['unavailable'],
    handler: async ({ snapshot, options, url }) => {
      const info = serverInfo(await snapshot());
      if (!options.servers?.length) return { data: info };
      // A network lists its servers, and says which one this view is (the parameter was validated).
      const servers = options.servers.map(({ id, name }) => ({ id, name }));
      return { data: { ...info, servers, server: url.searchParams.get('server') || null } };
    },
  }),
  defineRoute({
    path: '/v1/history',
    operationId: 'getHistory',
    tag: 'Meta',
    summary: 'Population history',
    description: 'Players online from the status ping at every pull: the series (`raw`: every sample of the last 48 hours; `hourly`: last 30 days; `daily`: all time; newest first, paginated), `hour_of_day` averages by local hour and the all-time `peak`. A sample whose ping failed has `online` null and is counted in `offline_samples`. Not backfilled: nothing before meta.recording_since.',
    query: {
      resolution: q.oneOf(['raw', 'hourly', 'daily'] as const, '`raw` (last 48 hours, every sample), `hourly` (last 30 days) or `daily` (all time).', 'hourly'),
      limit: q.limit(168),
      offset: q.offset(),
    },
    cache: 'data',
    record: true,
    paginated: true,
    data: s.ref('History'),
    meta: { recording_since: s.nullable(s.dateTime('When recording began; nothing before it is backfilled.')) },
    errors: ['invalid-request', 'unavailable'],
    handler: async ({ snapshot, record, now, query }) => {
      const snap = await snapshot();
      const rec = await record();
      const history = populationHistory(rec, {
        now: recordAsOf(rec, now),
        timeZone: snap.config.time_zone,
        resolution: query.resolution,
        limit: query.limit,
        offset: query.offset,
      });
      const { recording_since, total, ...data } = history;
      return { data, meta: { recording_since }, page: pageOf(total, query, history.series.length) };
    },
  }),
  openapiRoute('/openapi.json', 'getOpenApi'),
  openapiRoute('/v1/openapi.json', 'getOpenApiV1'),
];

