import { advancementHolders, getAdvancement, leaderboard, listAdvancements, listStats, periodLeaderboard, periodTotals, totals } from '@blockstats/core';
import { ApiError } from '../../http/ApiError.js';
import { queryParams as q } from '../../http/queryParams.js';
import { s } from '../../openapi/schema.js';
import { resolveAdvancementPath } from '../../site/advancementPath.js';
import { defineRoute, type RouteDefinition } from '../RouteDefinition.js';
import { quote } from '../toApiError.js';
import { pageOf } from './routeHelpers.js';
import { historiesOf, historyStartDate, minHoursParam, periodMeta, periodParam } from './periodParams.js';

const advancementIdParam = {
  description: '`<namespace>:<path>`; the namespace may be omitted for the base game (`story/mine_stone`); the path\'s slashes may be sent as they are (`/v1/advancements/story/mine_stone`) or percent-encoded as `%2F` (`story%2Fmine_stone`), which is the form generated clients send. The website\'s and the static export\'s own form is also accepted: `<namespace>~<path>` for a data pack\'s id, and `~` followed by 16 hex digits for an id that cannot be a safe path (`..`, upper case, reserved names, over-long).',
  greedy: true,
  example: 'story/mine_stone',
};

const advancementNotFound = (id: string) =>
  new ApiError('not-found', `No advancement ${quote(id)}. Ids look like minecraft:story/mine_stone (namespace optional); GET /v1/advancements?include=all lists them.`, {
    parameter: 'advancement_id',
  });

/** SPEC "Statistics": the stat catalogue, leaderboards, totals and advancements. */
export const statisticsRoutes: RouteDefinition[] = [
  defineRoute({
    path: '/v1/stats',
    operationId: 'listStats',
    tag: 'Statistics',
    summary: 'The catalogue of tracked statistics',
    description: 'Every tracked statistic with a link to its leaderboard and the current record value, in catalogue order.',
    query: {
      search: q.text('Case-insensitive substring of the stat id, title or description.'),
      limit: q.limit(250),
      offset: q.offset(),
    },
    cache: 'data',
    paginated: true,
    data: s.array(s.ref('Stat')),
    errors: ['invalid-request', 'unavailable'],
    handler: async ({ snapshot, query, baseUrl }) => {
      const page = listStats(await snapshot(), { search: query.search, limit: query.limit, offset: query.offset, baseUrl });
      return { data: page.items, page: pageOf(page.total, query) };
    },
  }),
  defineRoute({
    path: '/v1/stats/{stat_id}',
    operationId: 'getLeaderboard',
    tag: 'Statistics',
    summary: "A statistic's leaderboard",
    description: 'Every qualifying player (ranked, value above 0), best first. Ties share a rank (1, 1, 3) and are listed by name. With `period`, the values are gains over the period (same rules), each entry with `previous_rank` and `rank_change` (its rank on the same board a day earlier; null: a newcomer); `newcomers=true` lists only those, and `per=hour` ranks by gain per hour played (each `display` a rate with one decimal in the answer\'s language: `4.1 km per hour`, `4,1 km pro Stunde`).',
    pathParams: { stat_id: { description: 'A stat id from the catalogue (GET /v1/stats).', example: 'jump' } },
    query: {
      period: periodParam('The board'),
      per: q.oneOf(['hour'] as const, 'With `period`: `hour` ranks by the gain per hour played in the period (play time\'s gain), for players with at least `min_hours` played.', undefined),
      min_hours: minHoursParam,
      newcomers: q.boolean('With `period`: only the players who were not on the board a day earlier.', false),
      limit: q.limit(50),
      offset: q.offset(),
    },
    cache: 'data',
    paginated: true,
    data: s.array(s.ref('LeaderboardEntry')),
    meta: {
      stat: { ...s.ref('StatSummary'), description: "The stat's id, title and unit." },
      period: { ...s.ref('PeriodMeta'), description: 'With `period` only: the period the board covers.' },
    },
    metaOptional: ['period'],
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async (context) => {
      const { snapshot, query, params } = context;
      if (query.period !== undefined) {
        const snap = await snapshot();
        const histories = await historiesOf(context);
        const board = periodLeaderboard(snap, histories, params.stat_id!, { period: query.period, per: query.per, minHours: query.min_hours, newcomers: query.newcomers, limit: query.limit, offset: query.offset });
        if (!board) throw new ApiError('not-found', `No stat ${quote(params.stat_id!)}; GET /v1/stats lists every stat id.`, { parameter: 'stat_id', badge: 'stat not found' });
        return { data: board.items, meta: { stat: board.stat, period: periodMeta(board.period, historyStartDate(histories)) }, page: pageOf(board.total, query) };
      }
      const page = leaderboard(await snapshot(), params.stat_id!, { limit: query.limit, offset: query.offset });
      if (!page) {
        throw new ApiError('not-found', `No stat ${quote(params.stat_id!)}; GET /v1/stats lists every stat id.`, { parameter: 'stat_id', badge: 'stat not found' });
      }
      return { data: page.items, meta: { stat: page.stat }, page: pageOf(page.total, query) };
    },
  }),
  defineRoute({
    path: '/v1/totals',
    operationId: 'listTotals',
    tag: 'Statistics',
    summary: 'Server-wide totals',
    description: 'Each statistic summed across all ranked players, with the average per ranked player. With `period`, the sums of the gains over the period.',
    query: {
      search: q.text('Case-insensitive substring of the stat id or title.'),
      period: periodParam('Totals'),
      limit: q.limit(250),
      offset: q.offset(),
    },
    cache: 'data',
    paginated: true,
    data: s.array(s.ref('TotalsEntry')),
    meta: { period: { ...s.ref('PeriodMeta'), description: 'With `period` only: the period the totals cover.' } },
    metaOptional: ['period'],
    errors: ['invalid-request', 'unavailable'],
    handler: async (context) => {
      const { snapshot, query } = context;
      if (query.period !== undefined) {
        const snap = await snapshot();
        const histories = await historiesOf(context);
        const page = periodTotals(snap, histories, { period: query.period, search: query.search, limit: query.limit, offset: query.offset });
        return { data: page.items, meta: { period: periodMeta(page.period, historyStartDate(histories)) }, page: pageOf(page.total, query) };
      }
      const page = totals(await snapshot(), { search: query.search, limit: query.limit, offset: query.offset });
      return { data: page.items, page: pageOf(page.total, query) };
    },
  }),
  defineRoute({
    path: '/v1/advancements',
    operationId: 'listAdvancements',
    tag: 'Statistics',
    summary: 'Advancements with rarity',
    description: 'Vanilla advancements (datapack bookkeeping entries only with `include`), with rarity and who earned each first.',
    query: {
      search: q.text('Case-insensitive substring of the advancement id or title.'),
      category: q.text('Only this category: story, nether, end, adventure, husbandry (the live list is in meta.categories; datapack namespaces with include).'),
      sort: q.oneOf(['rarity', 'title', 'category', 'first'] as const, '`rarity` (rarest first), `title`, `category` (tab order), `first` (earliest first earn on the server; never earned last).', 'rarity'),
      include: q.oneOf(['datapack', 'all'] as const, '`datapack` or `all` add datapack entries (excluded by default).', undefined),
      limit: q.limit(100),
      offset: q.offset(),
    },
    cache: 'data',
    paginated: true,
    data: s.array(s.ref('Advancement')),
    meta: { categories: s.array(s.string(), 'Categories present (with include, datapack namespaces too).') },
    errors: ['invalid-request', 'unavailable'],
    handler: async ({ snapshot, query }) => {
      const page = listAdvancements(await snapshot(), {
        search: query.search,
        category: query.category,
        sort: query.sort,
        include: query.include,
        limit: query.limit,
        offset: query.offset,
      });
      return { data: page.items, meta: { categories: page.categories }, page: pageOf(page.total, query) };
    },
  }),
  // Before the single-advancement route: its greedy id would swallow `/holders`.
  defineRoute({
    path: '/v1/advancements/{advancement_id}/holders',
    operationId: 'listAdvancementHolders',
    tag: 'Statistics',
    summary: 'Who holds an advancement',
    description: 'Players who completed it and when; position 1 is the first on the server whatever the order. Holders whose file gives no time come last.',
    pathParams: { advancement_id: advancementIdParam },
    query: {
      order: q.oneOf(['first', 'latest'] as const, '`first` (earliest first) or `latest`.', 'first'),
      limit: q.limit(50),
      offset: q.offset(),
    },
    cache: 'data',
    paginated: true,
    data: s.array(s.ref('HolderEntry')),
    meta: { advancement: s.ref('Advancement') },
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async ({ snapshot, query, params }) => {
      const snap = await snapshot();
      const page = advancementHolders(snap, resolveAdvancementPath(snap, params.advancement_id!), { order: query.order, limit: query.limit, offset: query.offset });
      if (!page) throw advancementNotFound(params.advancement_id!);
      return { data: page.items, meta: { advancement: page.advancement }, page: pageOf(page.total, query) };
    },
  }),
  defineRoute({
    path: '/v1/advancements/{advancement_id}',
    operationId: 'getAdvancement',
    tag: 'Statistics',
    summary: 'One advancement',
    description: 'With rarity, first_by and first_completed_at.',
    pathParams: { advancement_id: advancementIdParam },
    query: {},
    cache: 'data',
    data: s.ref('Advancement'),
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async ({ snapshot, params }) => {
      const snap = await snapshot();
      const advancement = getAdvancement(snap, resolveAdvancementPath(snap, params.advancement_id!));
      if (!advancement) throw advancementNotFound(params.advancement_id!);
      return { data: advancement };
    },
  }),
];
