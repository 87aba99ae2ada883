import { compare, periodCompare, randomPlayer, randomStat } from '@blockstats/core';
import { ApiError } from '../../http/ApiError.js';
import { queryParams as q } from '../../http/queryParams.js';
import { s } from '../../openapi/schema.js';
import { defineRoute, type RouteDefinition } from '../RouteDefinition.js';
import { historiesOf, historyStartDate, periodMeta, periodParam } from './periodParams.js';
import { pageOf } from './routeHelpers.js';

/** SPEC "Server and fun": mods, modpack, compare, random picks. */
export const serverAndFunRoutes: RouteDefinition[] = [
  defineRoute({
    path: '/v1/mods',
    operationId: 'listMods',
    tag: 'Server and fun',
    summary: "The server's mods",
    description: 'Read from the mod-hosting platform and refreshed every few hours. A mod the platform returns nothing for is still listed, with `resolved` false and null metadata. An empty list when the server runs no mods.',
    query: {
      search: q.text('Case-insensitive substring of the slug or name.'),
      limit: q.limit(50),
      offset: q.offset(),
    },
    cache: 'remote',
    paginated: true,
    data: s.array(s.ref('ModEntry')),
    meta: { fetched_at: s.nullable(s.dateTime('When the platform last answered.')) },
    errors: ['invalid-request', 'unavailable'],
    handler: async ({ options, query }) => {
      const list = options.mods ? await options.mods.mods() : { mods: [], fetched_at: null };
      if (!list) throw new ApiError('unavailable', 'The mod list has not been fetched from the mod-hosting platform yet; try again later.');
      const needle = query.search?.toLowerCase();
      const matching = needle === undefined
        ? list.mods
        : list.mods.filter((mod) => [mod.slug, mod.name, mod.file].some((field) => field?.toLowerCase().includes(needle)));
      return {
        data: matching.slice(query.offset, query.offset + query.limit),
        meta: { fetched_at: list.fetched_at },
        page: pageOf(matching.length, query),
      };
    },
  }),
  defineRoute({
    path: '/v1/modpack',
    operationId: 'getModpack',
    tag: 'Server and fun',
    summary: 'The client modpack',
    description: 'Latest version, supported game versions, changelog and download files, read live from the mod-hosting platform. 404 when the server has no modpack; 503 when the platform is unreachable and nothing is cached.',
    query: {},
    cache: 'remote',
    data: s.ref('Modpack'),
    errors: ['not-found', 'unavailable'],
    handler: async ({ options }) => {
      const modpack = options.modpack ? await options.modpack.modpack() : null;
      if (!modpack) throw new ApiError('not-found', 'This server does not publish a client modpack.');
      return { data: modpack };
    },
  }),
  defineRoute({
    path: '/v1/compare',
    operationId: 'comparePlayers',
    tag: 'Server and fun',
    summary: 'Compare two players',
    description: 'Every stat either player has (or the `ids` given), both values keyed by UUID under `players`, the `winner` UUID (null for a tie), and an overall tally. With `period`, the values are gains over the period and each `rank` is the rank on that stat\'s period board (`GET /v1/stats/{stat_id}?period=…`); the stats are those either player gained in.',
    query: {
      players: q.list('Exactly two comma-separated players (UUIDs or names).', { required: true, count: 2 }),
      ids: q.list('Comma-separated stat ids to restrict to; an unknown id gives 400.'),
      period: periodParam('The comparison'),
    },
    cache: 'data',
    data: s.ref('Comparison'),
    meta: { period: { ...s.ref('PeriodMeta'), description: 'With `period` only: the period compared.' } },
    metaOptional: ['period'],
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async (context) => {
      const { snapshot, query } = context;
      const [first, second] = query.players as [string, string];
      const ids = query.ids ? { ids: query.ids } : {};
      if (query.period !== undefined) {
        const snap = await snapshot();
        const histories = await historiesOf(context);
        const { period, ...data } = periodCompare(snap, histories, first, second, { ...ids, period: query.period });
        return { data, meta: { period: periodMeta(period, historyStartDate(histories)) } };
      }
      return { data: compare(await snapshot(), first, second, ids) };
    },
  }),
  defineRoute({
    path: '/v1/random/player',
    operationId: 'getRandomPlayer',
    tag: 'Server and fun',
    summary: 'A random ranked player',
    description: 'With their single best rank. Never cached. 503 while no player is ranked.',
    query: {},
    cache: 'never',
    noEtag: true,
    data: s.ref('RandomPlayer'),
    errors: ['unavailable'],
    handler: async ({ snapshot, random }) => {
      const pick = randomPlayer(await snapshot(), random);
      if (!pick) throw new ApiError('unavailable', 'No player is ranked yet.');
      return { data: pick };
    },
  }),
  defineRoute({
    path: '/v1/random/stat',
    operationId: 'getRandomStat',
    tag: 'Server and fun',
    summary: 'A random statistic',
    description: 'With its top three players. Never cached. 503 while every leaderboard is empty.',
    query: {},
    cache: 'never',
    noEtag: true,
    data: s.ref('RandomStat'),
    errors: ['unavailable'],
    handler: async ({ snapshot, random, baseUrl }) => {
      const pick = randomStat(await snapshot(), random, baseUrl);
      if (!pick) throw new ApiError('unavailable', 'No leaderboard has an entry yet.');
      return { data: pick };
    },
  }),
];
