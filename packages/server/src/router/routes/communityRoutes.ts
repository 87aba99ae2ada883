import type { ActivityRecord, Snapshot } from '@blockstats/core';
import { feed, hallOfFame, periodHallOfFame, value, visibleRecord, weeklyEvents } from '@blockstats/core';
import { ApiError } from '../../http/ApiError.js';
import { DEFAULT_EVENT_POOL } from '../../reference/defaultEventPool.js';
import { queryParams as q } from '../../http/queryParams.js';
import { s } from '../../openapi/schema.js';
import { defineRoute, type RouteDefinition } from '../RouteDefinition.js';
import type { RouterOptions } from '../RouterOptions.js';
import { quote } from '../toApiError.js';
import { namesOf, pageOf, playerByUuid } from './routeHelpers.js';
import { recordAsOf } from '../recordAsOf.js';
import { activePlayersPage, perRecordState, sharedServerActivity } from '../recordDerived.js';
import { historiesOf, historyStartDate, periodMeta, periodParam } from './periodParams.js';

const recordingSince = s.nullable(s.dateTime('When activity recording began; nothing before it is backfilled.'));

/** Standings shown per event: the leader plus the chasing pack, not every participant. */
const EVENT_STANDINGS = 10;

type ApiEvent = ReturnType<typeof computeEvents>[number];

/**
 * Weekly events in their API shape, computed once per state of the record (the list, each event
 * page, the home page and the event cards read it; the record only grows at pulls).
 */
export function events(snapshot: Snapshot, record: ActivityRecord, now: number, options: RouterOptions): ApiEvent[] {
  return perRecordState(snapshot, record, `events|${now}|${JSON.stringify(options.events ?? null)}`, () => computeEvents(snapshot, record, now, options));
}

/** Weekly events in their API shape: players resolved, gains as Value objects in the stat's unit. */
function computeEvents(snapshot: Snapshot, record: ActivityRecord, now: number, options: RouterOptions) {
  const titles = Object.fromEntries(snapshot.stats.map((stat) => [stat.id, stat.title]));
  const units = new Map(snapshot.stats.map((stat) => [stat.id, stat.unit]));
  const known = new Set(snapshot.stats.map((stat) => stat.id));
  const pool = (options.events?.pool ?? DEFAULT_EVENT_POOL).filter((id) => known.has(id));
  // Standings only of players the snapshot publishes: a hidden player's gains stay in the record.
  const list = weeklyEvents(visibleRecord(record, snapshot), {
    now,
    timeZone: snapshot.config.time_zone,
    pool,
    ...(options.events?.schedule ? { schedule: options.events.schedule } : {}),
    titles,
    names: namesOf(snapshot),
  });
  return list.map((event) => {
    const unit = units.get(event.stat) ?? 'int';
    const standing = (entry: { rank: number; uuid: string; gain: number }) => ({
      rank: entry.rank,
      player: playerByUuid(snapshot, entry.uuid),
      ...value(entry.gain, unit),
    });
    return {
      id: event.id,
      title: event.title,
      week: event.week,
      stat: { id: event.stat, title: titles[event.stat] ?? event.stat, unit },
      state: event.state,
      active: event.state === 'running',
      starts_at: event.starts_at,
      ends_at: event.ends_at,
      leader: event.leader ? standing(event.leader) : null,
      participants: event.standings.length,
      standings: event.standings.slice(0, EVENT_STANDINGS).map(standing),
    };
  });
}

/** SPEC "Community": hall of fame, feed, activity and weekly events. */
export const communityRoutes: RouteDefinition[] = [
  defineRoute({
    path: '/v1/hall-of-fame',
    operationId: 'getHallOfFame',
    tag: 'Community',
    summary: 'Hall of fame',
    description: 'Players with at least one medal, by crown score, then gold, silver and bronze counts, then name. With `period`, the medals are the places 1-3 of every statistic\'s board of gains over the period (`GET /v1/stats/{stat_id}?period=…`), ranked by the same rules.',
    query: { period: periodParam('The medals'), limit: q.limit(50), offset: q.offset() },
    cache: 'data',
    paginated: true,
    data: s.array(s.ref('HallOfFameEntry')),
    meta: {
      crown_weights: s.ref('CrownWeights'),
      period: { ...s.ref('PeriodMeta'), description: 'With `period` only: the period the medals cover.' },
    },
    metaOptional: ['period'],
    errors: ['invalid-request', 'unavailable'],
    handler: async (context) => {
      const { snapshot, query } = context;
      if (query.period !== undefined) {
        const snap = await snapshot();
        const histories = await historiesOf(context);
        const page = periodHallOfFame(snap, histories, { period: query.period, limit: query.limit, offset: query.offset });
        return { data: page.items, meta: { crown_weights: page.crown_weights, period: periodMeta(page.period, historyStartDate(histories)) }, page: pageOf(page.total, query) };
      }
      const page = hallOfFame(await snapshot(), { limit: query.limit, offset: query.offset });
      return { data: page.items, meta: { crown_weights: page.crown_weights }, page: pageOf(page.total, query) };
    },
  }),
  defineRoute({
    path: '/v1/feed',
    operationId: 'getFeed',
    tag: 'Community',
    summary: 'Recent advancement unlocks',
    description: 'Vanilla advancements only, newest first, from a bounded rolling tail of the newest unlocks (meta.feed_window events, back to meta.oldest_in_feed). Poll with `since` set to the last time seen.',
    query: {
      player: q.text('Only this player: UUID or exact name.'),
      category: q.oneOf(['story', 'nether', 'end', 'adventure', 'husbandry'] as const, 'Only this advancement tab.', undefined),
      since: q.instant('Only unlocks at or after this time: ISO 8601 date or date-time (UTC when it has no offset) or epoch seconds.'),
      limit: q.limit(50),
      offset: q.offset(),
    },
    cache: 'data',
    paginated: true,
    data: s.array(s.ref('FeedEntry')),
    meta: {
      feed_window: s.integer('Events in the rolling tail.', { minimum: 0 }),
      oldest_in_feed: s.nullable(s.dateTime('Time of the oldest event in the tail.')),
    },
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async ({ snapshot, query }) => {
      const page = feed(await snapshot(), {
        ...(query.player === undefined ? {} : { player: query.player }),
        ...(query.category === undefined ? {} : { category: query.category }),
        ...(query.since === undefined ? {} : { since: query.since }),
        limit: query.limit,
        offset: query.offset,
      });
      return { data: page.items, meta: { feed_window: page.feed_window, oldest_in_feed: page.oldest_in_feed }, page: pageOf(page.total, query) };
    },
  }),
  defineRoute({
    path: '/v1/activity',
    operationId: 'getServerActivity',
    tag: 'Community',
    summary: 'Server activity',
    description: '`hour_of_day`: average players online in windows starting in each local hour (last 30 days); `daily`: active players, hours played and deaths per local day, newest first. Derived from play-time counters every 15 minutes; not backfilled.',
    query: {},
    cache: 'data',
    record: true,
    data: s.ref('ServerActivity'),
    meta: { recording_since: recordingSince },
    errors: ['unavailable'],
    handler: async ({ snapshot, record, now }) => {
      const snap = await snapshot();
      const rec = await record();
      const { recording_since, ...activity } = sharedServerActivity(snap, rec, recordAsOf(rec, now));
      return { data: activity, meta: { recording_since } };
    },
  }),
  defineRoute({
    path: '/v1/activity/players',
    operationId: 'listActivePlayers',
    tag: 'Community',
    summary: 'Most active players',
    description: 'Players active in the period with minutes played, sessions and deaths, ranked on `sort`. Totals only.',
    query: {
      period: q.oneOf(['7d', '30d', 'all'] as const, '`7d` (last 7 × 24 hours), `30d`, or `all` (since recording began).', '7d'),
      sort: q.oneOf(['minutes', 'sessions', 'deaths'] as const, 'Ranking key.', 'minutes'),
      limit: q.limit(50),
      offset: q.offset(),
    },
    cache: 'data',
    record: true,
    paginated: true,
    data: s.array(s.ref('ActivePlayerEntry')),
    meta: {
      recording_since: recordingSince,
      period: s.enum(['7d', '30d', 'all']),
      sort: s.enum(['minutes', 'sessions', 'deaths']),
      period_starts_at: s.nullable(s.dateTime('Start of the period (recording_since for `all`).')),
    },
    errors: ['invalid-request', 'unavailable'],
    handler: async ({ snapshot, record, now, query }) => {
      const snap = await snapshot();
      const rec = await record();
      const page = activePlayersPage(snap, rec, recordAsOf(rec, now), query);
      return {
        data: page.items.map(({ uuid, ...entry }) => ({ rank: entry.rank, player: playerByUuid(snap, uuid), minutes: entry.minutes, hours: entry.hours, sessions: entry.sessions, deaths: entry.deaths })),
        meta: {
          recording_since: rec.recordingSince === null ? null : new Date(rec.recordingSince).toISOString(),
          period: page.period,
          sort: page.sort,
          period_starts_at: page.period_starts_at,
        },
        page: pageOf(page.total, query),
      };
    },
  }),
  defineRoute({
    path: '/v1/events',
    operationId: 'listEvents',
    tag: 'Community',
    summary: 'Weekly community events',
    description: 'Newest first. Each event runs Monday 00:00 to Monday 00:00 local time on one statistic; the leader has the largest gain since the event began (a finished event keeps its final leader).',
    query: {
      active: q.boolean('`true`: running events; `false`: finished ones; omitted: all.', undefined),
      limit: q.limit(50),
      offset: q.offset(),
    },
    cache: 'data',
    record: true,
    paginated: true,
    data: s.array(s.ref('Event')),
    meta: { recording_since: recordingSince },
    errors: ['invalid-request', 'unavailable'],
    handler: async ({ snapshot, record, now, query, options }) => {
      const rec = await record();
      const all = events(await snapshot(), rec, recordAsOf(rec, now), options).filter((e) => query.active === undefined || e.active === query.active);
      return {
        data: all.slice(query.offset, query.offset + query.limit),
        meta: { recording_since: rec.recordingSince === null ? null : new Date(rec.recordingSince).toISOString() },
        page: pageOf(all.length, query),
      };
    },
  }),
  defineRoute({
    path: '/v1/events/{event_id}',
    operationId: 'getEvent',
    tag: 'Community',
    summary: 'One weekly event',
    pathParams: { event_id: { description: 'Event id, `<stat id>_week<n>`.', example: 'jump_week3' } },
    query: {},
    cache: 'data',
    record: true,
    data: s.ref('Event'),
    meta: { recording_since: recordingSince },
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async ({ snapshot, record, now, params, options }) => {
      const rec = await record();
      const event = events(await snapshot(), rec, recordAsOf(rec, now), options).find((e) => e.id === params.event_id);
      if (!event) throw new ApiError('not-found', `No event ${quote(params.event_id!)}; GET /v1/events lists them.`, { parameter: 'event_id' });
      return { data: event, meta: { recording_since: rec.recordingSince === null ? null : new Date(rec.recordingSince).toISOString() } };
    },
  }),
];
