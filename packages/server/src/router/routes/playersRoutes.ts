import { getPlayerProfile, listPlayers, playerActivity, playerAdvancements, playerMilestones, playerStats, snapshotDefaults, visibleRecord } from '@blockstats/core';
import { ApiError } from '../../http/ApiError.js';
import { queryParams as q } from '../../http/queryParams.js';
import { s } from '../../openapi/schema.js';
import { defineRoute, type RouteDefinition } from '../RouteDefinition.js';
import { playerNotFound } from '../toApiError.js';
import { namesOf, pageOf, playerPathParam, requirePlayer } from './routeHelpers.js';
import { recordAsOf } from '../recordAsOf.js';
import { sharedWeekRanks } from '../recordDerived.js';
import { playerSegment, sitePaths } from '../../site/sitePaths.js';

const recordingSince = s.nullable(s.dateTime('When activity recording began; nothing before it is backfilled.'));

/** SPEC "Players": the player list, profiles, per-player stats, advancements, milestones, activity. */
export const playersRoutes: RouteDefinition[] = [
  defineRoute({
    path: '/v1/players',
    operationId: 'listPlayers',
    tag: 'Players',
    summary: 'Players',
    query: {
      search: q.text('Case-insensitive substring of the name.'),
      edition: q.oneOf(['java', 'bedrock'] as const, 'Only this edition.', undefined),
      ranked: q.boolean('`true`: only ranked players; `false`: only unranked ones.', undefined),
      sort: q.oneOf(['last_online', 'name'] as const, '`last_online` (most recent first) or `name` (alphabetical, case-insensitive).', 'last_online'),
      limit: q.limit(50),
      offset: q.offset(),
    },
    cache: 'data',
    paginated: true,
    data: s.array(s.ref('Player')),
    errors: ['invalid-request', 'unavailable'],
    handler: async ({ snapshot, query }) => {
      const page = listPlayers(await snapshot(), {
        search: query.search,
        edition: query.edition,
        ranked: query.ranked,
        sort: query.sort,
        limit: query.limit,
        offset: query.offset,
      });
      return { data: page.items, page: pageOf(page.total, query) };
    },
  }),
  defineRoute({
    path: '/v1/players/{player}',
    operationId: 'getPlayer',
    tag: 'Players',
    summary: "A player's profile",
    pathParams: { player: playerPathParam },
    query: {},
    cache: 'data',
    data: s.ref('PlayerProfile'),
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async ({ snapshot, params, baseUrl, options }) => {
      const snap = await snapshot();
      const profile = getPlayerProfile(snap, params.player!, { baseUrl });
      if (!profile) throw playerNotFound(params.player!);
      // With the website on, the profile link is its page, unless a template was configured
      // (a template equal to the default counts as none: the snapshot keeps no other trace).
      if (options.site && snap.config.profile_url_template === snapshotDefaults.profileUrlTemplate) {
        profile.links.profile = `${baseUrl}${sitePaths.player(playerSegment(snap, profile))}`;
      }
      return { data: profile };
    },
  }),
  defineRoute({
    path: '/v1/players/{player}/stats',
    operationId: 'getPlayerStats',
    tag: 'Players',
    summary: "A player's statistics",
    description: '`data.stats`: every tracked stat the player has a value for, with their rank (null when they have not qualified for that leaderboard).',
    pathParams: { player: playerPathParam },
    query: { ids: q.list('Comma-separated stat ids to restrict to; an unknown id gives 400.') },
    cache: 'data',
    data: s.ref('PlayerStats'),
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async ({ snapshot, params, query }) => {
      const stats = playerStats(await snapshot(), params.player!, query.ids ? { ids: query.ids } : {});
      if (!stats) throw playerNotFound(params.player!);
      return { data: stats };
    },
  }),
  defineRoute({
    path: '/v1/players/{player}/advancements',
    operationId: 'getPlayerAdvancements',
    tag: 'Players',
    summary: "A player's advancements",
    description: 'Newest completion first; with `completed=false`, unfinished ones follow with their progress. With `include=recipes` the recipe unlocks (about 1,600 on a modern server) are merged in by time, as entries with `recipe` instead of `advancement`.',
    pathParams: { player: playerPathParam },
    query: {
      include: q.oneOf(['recipes'] as const, '`recipes` adds recipe unlocks (excluded by default).', undefined),
      completed: q.boolean('Default true: completed only; false also lists unfinished advancements with progress.', true),
      limit: q.limit(50),
      offset: q.offset(),
    },
    cache: 'data',
    // include=recipes reads the player's file at request time.
    volatile: true,
    paginated: true,
    data: s.array({ anyOf: [s.ref('PlayerAdvancementEntry'), s.ref('PlayerRecipeEntry')] }),
    meta: {
      player: s.ref('Player'),
      completed: s.integer('Vanilla advancements the player completed.', { minimum: 0 }),
      total: s.integer('Vanilla advancements available on the server.', { minimum: 0 }),
      recipes: s.integer('Recipe unlocks the player holds.', { minimum: 0 }),
    },
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async ({ snapshot, params, query, options }) => {
      const snap = await snapshot();
      const page = playerAdvancements(snap, params.player!, {
        completed: query.completed,
        ...(query.include ? { limit: Infinity, offset: 0 } : { limit: query.limit, offset: query.offset }),
      });
      if (!page) throw playerNotFound(params.player!);
      const meta = { player: page.player, completed: page.completed, total: page.available, recipes: page.recipes };
      if (!query.include) return { data: page.items, meta, page: pageOf(page.total, query) };

      if (!options.readRecipes) {
        throw new ApiError('unavailable', 'Recipe unlocks are not available from this server.');
      }
      const recipes = (await options.readRecipes(page.player.uuid)) ?? [];
      // Merge by time, newest first; entries without a time go last (unfinished advancements
      // keep their place after the completed ones, as without recipes).
      const entries = [
        ...page.items.map((entry) => ({ at: entry.done && entry.completed_at ? Date.parse(entry.completed_at) : null, entry: entry as unknown })),
        ...recipes.map((r) => ({
          at: r.at,
          entry: { recipe: { id: r.id }, done: true, completed_at: r.at === null ? null : new Date(r.at).toISOString(), progress: null } as unknown,
        })),
      ];
      entries.sort((a, b) => (b.at ?? -Infinity) - (a.at ?? -Infinity));
      const slice = entries.slice(query.offset, query.offset + query.limit).map((e) => e.entry);
      return { data: slice, meta, page: pageOf(entries.length, query) };
    },
  }),
  defineRoute({
    path: '/v1/players/{player}/milestones',
    operationId: 'getPlayerMilestones',
    tag: 'Players',
    summary: "A player's milestones",
    description: 'first_seen, the 22 progression beats with days_after_first_seen, the rarest advancement held and the advancements the player was first on the server to reach.',
    pathParams: { player: playerPathParam },
    query: {},
    cache: 'data',
    data: s.ref('Milestones'),
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async ({ snapshot, params }) => {
      const milestones = playerMilestones(await snapshot(), params.player!);
      if (!milestones) throw playerNotFound(params.player!);
      return { data: milestones };
    },
  }),
  defineRoute({
    path: '/v1/players/{player}/activity',
    operationId: 'getPlayerActivity',
    tag: 'Players',
    summary: "A player's activity",
    description: 'Hours played (as minutes and hours), sessions and deaths over the last 7 days, the last 30 days and since recording began, and the rank this week. Totals only: no session start or end time is ever served.',
    pathParams: { player: playerPathParam },
    query: {},
    cache: 'data',
    record: true,
    data: s.ref('PlayerActivity'),
    meta: { recording_since: recordingSince },
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async ({ snapshot, record, params, now }) => {
      const snap = await snapshot();
      const player = requirePlayer(snap, params.player!);
      const rec = await record();
      // Ranked among the players the snapshot publishes only (hidden ones stay in the record).
      const asOf = recordAsOf(rec, now);
      const activity = playerActivity(visibleRecord(rec, snap), player.uuid, { now: asOf, timeZone: snap.config.time_zone, names: namesOf(snap), weekRanks: sharedWeekRanks(snap, rec, asOf) });
      const { uuid: _uuid, recording_since, ...totals } = activity;
      return { data: { player, ...totals }, meta: { recording_since } };
    },
  }),
];
