import type { JsonSchema } from '../http/queryParams.js';
import { s } from './schema.js';

const nonNegative = (description?: string) => s.integer(description, { minimum: 0 });

const totals = s.object({
  minutes: nonNegative('Minutes played (play-time gain per 15-minute window).'),
  hours: s.number('The same in hours, two decimals.', { minimum: 0 }),
  sessions: nonNegative('Runs of consecutive windows online.'),
  deaths: nonNegative(),
}, { description: 'Totals only: no session start or end is ever published.' });

/**
 * Schemas of the recorded resources (activity, history, events) and the recipe entries of
 * `include=recipes`. Every one carries totals or averages only (SPEC privacy rules).
 */
export const activitySchemas: Record<string, JsonSchema> = {
  ActivityTotals: totals,
  PlayerActivity: s.object({
    player: s.ref('Player'),
    active: s.boolean('False when nothing has been recorded for the player yet.'),
    last_7_days: s.ref('ActivityTotals'),
    last_30_days: s.ref('ActivityTotals'),
    all_time: { ...s.ref('ActivityTotals'), description: 'Since recording began.' },
    rank_this_week: s.nullable(s.integer('Rank by minutes played this week; null without play this week.', { minimum: 1 })),
    week_starts_at: s.dateTime('Monday 00:00 local time of the current week.'),
  }),
  ActivePlayerEntry: s.object({
    rank: s.integer('Competition rank on the sort key.', { minimum: 1 }),
    player: s.ref('Player'),
    minutes: nonNegative('Minutes played in the period.'),
    hours: s.number(undefined, { minimum: 0 }),
    sessions: nonNegative(),
    deaths: nonNegative(),
  }),
  ServerActivity: s.object({
    time_zone: s.string('IANA zone of local hours and days.'),
    hour_of_day: {
      ...s.array(s.object({
        hour: s.integer('Local hour.', { minimum: 0, maximum: 23 }),
        average_players: s.nullable(s.number('Average players online in windows starting in this hour; null when none did.', { minimum: 0 })),
        windows: nonNegative('Windows averaged.'),
      }), '24 entries, hour 0 first.'),
      minItems: 24,
      maxItems: 24,
    },
    daily: s.array(s.object({
      date: s.string('Local date.', { format: 'date' }),
      starts_at: s.dateTime('Local midnight.'),
      active_players: nonNegative('Distinct players online that day.'),
      hours_played: s.number(undefined, { minimum: 0 }),
      deaths: nonNegative(),
    }), 'Newest day first (last 30 days).'),
  }),
  History: s.object({
    resolution: s.enum(['raw', 'hourly', 'daily']),
    time_zone: s.string(),
    series: s.array({ anyOf: [s.ref('HistorySample'), s.ref('HistoryBucket')] }, 'Newest first: raw samples, or hourly/daily buckets. Paginated (meta.pagination).'),
    hour_of_day: {
      ...s.array(s.object({
        hour: s.integer(undefined, { minimum: 0, maximum: 23 }),
        average_online: s.nullable(s.number('Average concurrent players sampled in this local hour (last 30 days).', { minimum: 0 })),
        samples: nonNegative(),
      })),
      minItems: 24,
      maxItems: 24,
    },
    peak: s.nullable(s.object({ online: nonNegative('All-time high of concurrent players.'), at: s.dateTime('When it was first reached.') })),
  }),
  HistorySample: s.object({
    at: s.dateTime(),
    online: s.nullable(s.integer('Players online; null when the ping failed.', { minimum: 0 })),
  }),
  HistoryBucket: s.object({
    starts_at: s.dateTime(),
    ends_at: s.dateTime(),
    date: s.string('Local date (daily buckets).', { format: 'date' }),
    average_online: s.nullable(s.number('Average concurrent players over the successful samples.', { minimum: 0 })),
    peak_online: s.nullable(s.integer('Peak concurrent players.', { minimum: 0 })),
    samples: nonNegative(),
    offline_samples: nonNegative('Samples whose ping failed.'),
  }, { optional: ['date'] }),
  EventStanding: s.object({
    rank: s.integer(undefined, { minimum: 1 }),
    player: s.ref('Player'),
    value: s.number('Gain in the stat since the event began, native unit.'),
    unit: s.ref('Unit'),
    display: s.string(),
    converted: s.nullable(s.map(s.number())),
  }),
  Event: s.object({
    id: s.string('`<stat id>_week<n>`, n counting weeks since recording began.'),
    title: s.string(),
    week: s.integer(undefined, { minimum: 1 }),
    stat: s.object({ id: s.string(), title: s.string(), unit: s.ref('Unit') }),
    state: s.enum(['running', 'finished']),
    active: s.boolean('True while running (the `active` filter).'),
    starts_at: s.dateTime('Monday 00:00 local time.'),
    ends_at: s.dateTime('The next Monday 00:00 local time.'),
    leader: s.nullable({ ...s.ref('EventStanding'), description: 'Current (running) or final (finished) leader: largest gain; null until someone gains.' }),
    participants: nonNegative('Players who gained.'),
    standings: s.array(s.ref('EventStanding'), 'The top ten.'),
  }),
  PlayerRecipeEntry: s.object({
    recipe: s.object({ id: s.string('Recipe id, e.g. `minecraft:recipes/misc/charcoal`.') }),
    done: { const: true },
    completed_at: s.nullable(s.dateTime('When it was unlocked.')),
    progress: { type: 'null' },
  }, { description: 'A recipe unlock (include=recipes).' }),
};
