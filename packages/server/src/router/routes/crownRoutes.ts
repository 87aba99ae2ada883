import { CROWN_PERIODS, periodCrowns } from '@blockstats/core';
import { s } from '../../openapi/schema.js';
import { defineRoute, type RouteDefinition } from '../RouteDefinition.js';
import { historiesOf, historyStartDate } from './periodParams.js';

/** Issue 41: the player of the week and of the month, crowned from the period boards. */
export const crownRoutes: RouteDefinition[] = [
  defineRoute({
    path: '/v1/crowns',
    operationId: 'getCrowns',
    tag: 'Community',
    summary: 'Player of the week and of the month',
    description: `The first place of the hall of fame of ${CROWN_PERIODS.map((p) => `\`${p}\``).join(', ')} (in that order; \`GET /v1/hall-of-fame?period=…\` has the whole of each): medals are the places 1-3 of every statistic's board of gains over the period, ranked by crown score, then gold, silver and bronze counts. The current week and month run to the day of the last pull; players who tie on crown score and every medal count share the crown. From the stat history, not backfilled: a period before recording began crowns nobody.`,
    query: {},
    cache: 'data',
    data: s.array(s.ref('PeriodCrown')),
    meta: {
      crown_weights: s.ref('CrownWeights'),
      recording_since: s.nullable(s.string('First server day the stat history holds.', { format: 'date' })),
    },
    errors: ['unavailable'],
    handler: async (context) => {
      const snap = await context.snapshot();
      const histories = await historiesOf(context);
      return { data: periodCrowns(snap, histories), meta: { crown_weights: { ...snap.config.crown_weights }, recording_since: historyStartDate(histories) } };
    },
  }),
];
