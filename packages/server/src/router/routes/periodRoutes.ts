import { dailyTotals, historiesToday, resolvePeriod, serverDayDate, weeklySeries, type SnapshotStat } from '@blockstats/core';
import { ApiError } from '../../http/ApiError.js';
import { queryParams as q } from '../../http/queryParams.js';
import { s } from '../../openapi/schema.js';
import { defineRoute, type RouteDefinition } from '../RouteDefinition.js';
import { quote } from '../toApiError.js';
import { historiesOf, historyStartDate, periodMeta, periodParam } from './periodParams.js';
import { playerPathParam, requirePlayer } from './routeHelpers.js';

const statSummary = ({ id, title, description, unit, category }: SnapshotStat) => ({ id, title, description, unit, category });

const statNotFound = (id: string, parameter: string) =>
  new ApiError('not-found', `No stat ${quote(id)}; GET /v1/stats lists every stat id.`, { parameter, badge: 'stat not found' });

/** Issue 41: series from the stat history (a player's weeks, the server's days). */
export const periodRoutes: RouteDefinition[] = [
  defineRoute({
    path: '/v1/players/{player}/history',
    operationId: 'getPlayerHistory',
    tag: 'Players',
    summary: "A player's weekly gains of a statistic",
    description: "One point per week (Monday to Sunday in the server's time zone) since the stat history began, zeros included, the current week last and partial. Never finer than a week: only totals are published (SPEC privacy rules). Not backfilled.",
    pathParams: { player: playerPathParam },
    query: { stat: q.text('The stat id (GET /v1/stats). Default `play_time`.') },
    cache: 'data',
    data: s.array(s.ref('WeeklyPoint')),
    meta: {
      stat: s.ref('StatSummary'),
      recording_since: s.nullable(s.string('First server day the stat history holds.', { format: 'date' })),
    },
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async (context) => {
      const snap = await context.snapshot();
      const player = requirePlayer(snap, context.params.player!);
      const statId = context.query.stat ?? 'play_time';
      const histories = await historiesOf(context);
      const series = weeklySeries(snap, histories, player.uuid, statId);
      if (series === null) throw statNotFound(statId, 'stat');
      const stat = snap.stats.find((st) => st.id === statId)!;
      return { data: series, meta: { stat: statSummary(stat), recording_since: historyStartDate(histories) } };
    },
  }),
  defineRoute({
    path: '/v1/stats/{stat_id}/daily',
    operationId: 'getStatDailyTotals',
    tag: 'Statistics',
    summary: "The server's daily gains of a statistic",
    description: "Per server day, what the players (hidden ones left out) gained in the statistic together, and how many gained. Over `period` (default `30d`); days before the stat history began are left out.",
    pathParams: { stat_id: { description: 'A stat id from the catalogue (GET /v1/stats).', example: 'play_time' } },
    query: { period: periodParam('The days') },
    cache: 'data',
    data: s.array(s.ref('DailyTotal')),
    meta: { stat: s.ref('StatSummary'), period: s.ref('PeriodMeta') },
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async (context) => {
      const snap = await context.snapshot();
      const statId = context.params.stat_id!;
      const stat = snap.stats.find((st) => st.id === statId);
      if (!stat) throw statNotFound(statId, 'stat_id');
      const histories = await historiesOf(context);
      const period = resolvePeriod(context.query.period ?? '30d', historiesToday(histories) ?? 0);
      const days = dailyTotals(snap, histories, statId, period.first, period.last) ?? [];
      const dates = { name: period.name, from: serverDayDate(period.first), to: serverDayDate(period.last) };
      return { data: days, meta: { stat: statSummary(stat), period: periodMeta(dates, historyStartDate(histories)) } };
    },
  }),
];
