import type { JsonSchema } from '../http/queryParams.js';
import { s } from './schema.js';

/** Fields every Value object carries (SPEC "Value object"); flattened into entries that extend it. */
const valueFields: Record<string, JsonSchema> = {
  value: s.number("Raw value in the stat's native unit."),
  unit: s.ref('Unit'),
  display: s.string('Human-readable rendering, e.g. `12,345`, `12.4 km`, `3 h 12 min`, `41.5 hearts`.'),
  converted: s.nullable(s.map(s.number(), 'Conversions by name (see the unit table); null for `int`.')),
};

const statSummaryFields: Record<string, JsonSchema> = {
  id: s.string('The stat id (e.g. `jump`, `play_time`, `mined_diamond_ore`).'),
  title: s.string(),
  description: s.nullable(s.string()),
  unit: s.ref('Unit'),
  category: s.string('Grouping for people, e.g. `general`, `distance`, `mining`, `combat`.'),
};

const advancementSummaryFields: Record<string, JsonSchema> = {
  id: s.string('`<namespace>:<path>`; the path may contain slashes.'),
  title: s.string(),
  category: s.string('`story`, `nether`, `end`, `adventure` or `husbandry` for vanilla advancements; the namespace for datapack ones.'),
  source: s.enum(['vanilla', 'datapack'], '`vanilla`: a real in-game advancement; `datapack`: bookkeeping entries.'),
  frame: s.nullable(s.enum(['task', 'goal', 'challenge'])),
  icon: s.nullable(s.uri('Icon image URL.')),
  completed_by: s.integer('Players who hold it.', { minimum: 0 }),
  rarity: s.number('Fraction 0 to 1 of scanned players holding it.', { minimum: 0, maximum: 1 }),
  rarity_percent: s.number('Same as a percentage.', { minimum: 0, maximum: 100 }),
};

const playerFields: Record<string, JsonSchema> = {
  uuid: s.string('Dashed canonical UUID. Bedrock players have synthetic UUIDs beginning `00000000-0000-0000-0009-`.', { format: 'uuid' }),
  name: s.nullable(s.string('Last known in-game name (Bedrock names keep the Floodgate prefix).')),
  edition: s.ref('Edition'),
  ranked: s.boolean('True when the player met the minimum play time and appears in rankings.'),
  last_online: s.nullable(s.dateTime()),
  skin: s.nullable(s.string('Skin texture hash.')),
  textures: s.ref('Textures'),
};

const medals = s.ref('Medals');

/**
 * The shared resource schemas (`components.schemas`). One shape per concept, referenced
 * everywhere: one Player, one Value, times always `date-time` strings in UTC.
 */
export const componentSchemas: Record<string, JsonSchema> = {
  Unit: s.enum(['int', 'cm', 'ticks', 'tenths_of_heart'], 'Native unit: `int` plain count (converted null); `cm` centimetres (metres, kilometres); `ticks` game ticks, 20 per second (seconds, minutes, hours); `tenths_of_heart` damage (hearts).'),
  Edition: s.enum(['java', 'bedrock'], 'Client edition.'),
  Value: s.object(valueFields, { description: 'A statistic value.' }),
  Textures: s.object(
    { skin: s.nullable(s.uri()), head: s.nullable(s.uri('Head render; works for both editions.')), body: s.nullable(s.uri()) },
    { description: 'Texture URLs.' },
  ),
  Player: s.object(playerFields, { description: 'The one shape in which a player appears everywhere.' }),
  Medals: s.object({ gold: s.integer(undefined, { minimum: 0 }), silver: s.integer(undefined, { minimum: 0 }), bronze: s.integer(undefined, { minimum: 0 }) }, { description: 'Places 1, 2, 3 over every tracked statistic; tied players share a medal.' }),
  CrownWeights: s.object({ gold: s.number(), silver: s.number(), bronze: s.number() }, { description: 'Crown-score points per medal.' }),
  Pagination: s.object({
    total: s.integer('Total matching records.', { minimum: 0 }),
    count: s.integer('Records in this page.', { minimum: 0 }),
    limit: s.integer(undefined, { minimum: 1, maximum: 500 }),
    offset: s.integer(undefined, { minimum: 0 }),
    next: s.nullable(s.uri('Next page; keeps every other query parameter; null on the last page.')),
    previous: s.nullable(s.uri('Previous page; null on the first page.')),
  }),
  Problem: s.object(
    {
      type: s.uri('Stable error class: `<problem base>/<code>` with code `invalid-request`, `not-found`, `unversioned-path`, `method-not-allowed`, `rate-limit-exceeded`, `internal-error` or `unavailable`.'),
      title: s.string(),
      status: s.integer('The HTTP status.'),
      detail: s.string('Human-readable; wording may change.'),
      instance: s.string('Request path that produced the error.'),
      parameter: s.string('The query parameter or path segment at fault (invalid-request, some not-found).'),
      errors: s.array(s.object({ parameter: s.string(), detail: s.string() }), 'Every malformed parameter (invalid-request).'),
      values: s.array(s.string(), 'The offending values, e.g. every unknown stat id.'),
      corrected_url: s.uri('The same request under /v1 (unversioned-path).'),
    },
    { description: 'RFC 9457 problem details (`application/problem+json`).', optional: ['parameter', 'errors', 'values', 'corrected_url'] },
  ),

  StatSummary: s.object(statSummaryFields),
  Stat: s.object({
    ...statSummaryFields,
    leaderboard: s.uri("Link to the stat's leaderboard."),
    record: s.nullable({ ...s.ref('Value'), description: "The current record (the leader's value); holder not shown. Null when nobody qualifies." }),
  }, { description: 'Catalogue entry.' }),
  LeaderboardEntry: s.object({
    ...valueFields,
    rank: s.integer('Competition rank (ties share it).', { minimum: 1 }),
    player: s.ref('Player'),
    previous_rank: s.nullable(s.integer('With `period`: the rank on the same board a day earlier (the period without its last day); null for a newcomer.', { minimum: 1 })),
    rank_change: s.nullable(s.integer('With `period`: `previous_rank - rank` (positive: moved up); null for a newcomer.')),
    hours_played: s.number('With `per=hour`: hours played in the period.', { minimum: 0 }),
  }, { optional: ['previous_rank', 'rank_change', 'hours_played'] }),
  PeriodMeta: s.object({
    name: s.string('The `period` asked for.'),
    from: s.string('First server day of the period (`YYYY-MM-DD`, the server\'s time zone).', { format: 'date' }),
    to: s.string('Last server day of the period.', { format: 'date' }),
    recording_since: s.nullable(s.string('First server day the stat history holds: no period reaches before it (not backfilled).', { format: 'date' })),
  }, { description: 'The period an answer covers (issue 41).' }),
  WeeklyPoint: s.object({
    ...valueFields,
    week: s.string('ISO week, `2026-W47`.'),
    from: s.string('Monday of the week.', { format: 'date' }),
    to: s.string('Sunday of the week.', { format: 'date' }),
  }, { description: 'A player\'s gain over one week (never finer: the privacy rules).' }),
  PeriodCrown: s.object({
    period: s.object({
      name: s.string('`week`, `last_week`, `month` or `last_month`.'),
      from: s.string('First server day of the period (`YYYY-MM-DD`, the server\'s time zone).', { format: 'date' }),
      to: s.string('Last server day of the period (today for the current week and month).', { format: 'date' }),
    }),
    players: s.array(s.ref('HallOfFameEntry'), "The first place of the period's hall of fame (`GET /v1/hall-of-fame?period=…`): several players when they tie on crown score and every medal count, none when nobody gained in the period."),
  }, { description: 'The player of a week or month (issue 41).' }),
  DailyTotal: s.object({
    ...valueFields,
    date: s.string('The server day.', { format: 'date' }),
    players: s.integer('Players who gained that day.', { minimum: 0 }),
  }, { description: 'The server\'s gain over one server day.' }),
  TopRank: s.object({ ...valueFields, id: s.string('Stat id.'), title: s.string(), rank: s.integer(undefined, { minimum: 1 }) }),
  TotalsEntry: s.object({
    ...statSummaryFields,
    total: { ...s.ref('Value'), description: 'Sum over ranked players.' },
    average: { ...s.ref('Value'), description: 'Per ranked player.' },
    players: s.integer('Ranked players with a value above 0.', { minimum: 0 }),
  }),

  AdvancementSummary: s.object(advancementSummaryFields),
  Advancement: s.object({
    ...advancementSummaryFields,
    description: s.nullable(s.string()),
    hidden: s.boolean(),
    wiki: s.nullable(s.uri('Minecraft Wiki page; null for datapack advancements.')),
    first_by: s.nullable({ ...s.ref('Player'), description: 'Who first earned it on the server.' }),
    first_completed_at: s.nullable(s.dateTime('When that first earn happened.')),
  }),
  HolderEntry: s.object({
    position: s.integer('1 = first on the server, whatever the order of the page.', { minimum: 1 }),
    player: s.ref('Player'),
    completed_at: s.nullable(s.dateTime()),
  }),

  PlayerProfile: s.object({
    ...playerFields,
    links: s.object({ profile: s.uri("URL of the player's profile page.") }),
    crown_score: s.number('Score from 1st/2nd/3rd places (see meta.crown_weights of /v1/hall-of-fame).'),
    hall_of_fame_rank: s.nullable(s.integer(undefined, { minimum: 1 })),
    medals,
    top_ranks: s.array(s.ref('TopRank'), "The player's ten best ranks."),
    first_seen: s.nullable(s.dateTime('Oldest timestamp in the player\'s advancement file.')),
    first_seen_estimated: s.boolean('True when the player pre-dates advancement tracking, so first_seen is a floor.'),
    days_on_server: s.nullable(s.integer(undefined, { minimum: 0 })),
    advancements_earned: s.integer(undefined, { minimum: 0 }),
    advancements_available: s.integer('Vanilla advancements on this server.', { minimum: 0 }),
    play_time: s.ref('Value'),
  }),
  PlayerStatEntry: s.object({ ...valueFields, id: s.string(), title: s.string(), rank: s.nullable(s.integer('Null when the player has a value but has not qualified for that leaderboard.', { minimum: 1 })) }),
  PlayerStats: s.object({ player: s.ref('Player'), stats: s.array(s.ref('PlayerStatEntry')) }),
  AdvancementProgress: s.object({
    obtained: s.integer('Requirement groups met.', { minimum: 0 }),
    required: s.nullable(s.integer('Requirement groups needed; null when unknown (datapack).')),
    updated_at: s.nullable(s.dateTime('Latest criterion time.')),
  }),
  PlayerAdvancementEntry: s.object({
    advancement: s.ref('AdvancementSummary'),
    done: s.boolean(),
    completed_at: s.nullable(s.dateTime()),
    progress: s.nullable({ ...s.ref('AdvancementProgress'), description: 'Null when done.' }),
  }),
  MilestoneBeat: s.object({
    advancement: s.ref('AdvancementSummary'),
    reached: s.boolean(),
    completed_at: s.nullable(s.dateTime()),
    days_after_first_seen: s.nullable(s.integer('Null when not reached (or first_seen unknown).', { minimum: 0 })),
  }),
  EarnedAdvancement: s.object({ advancement: s.ref('AdvancementSummary'), completed_at: s.nullable(s.dateTime()) }),
  Milestones: s.object({
    player: s.ref('Player'),
    first_seen: s.nullable(s.dateTime()),
    first_seen_estimated: s.boolean(),
    beats: s.array(s.ref('MilestoneBeat'), 'The 22 progression beats, in order.'),
    rarest: s.nullable({ ...s.ref('EarnedAdvancement'), description: 'Rarest vanilla advancement held.' }),
    first_on_server: s.array(s.ref('EarnedAdvancement'), 'Advancements the player was first on the server to reach, oldest first.'),
  }),

  HallOfFameEntry: s.object({ rank: s.integer(undefined, { minimum: 1 }), player: s.ref('Player'), crown_score: s.number(), medals }),
  FeedEntry: s.object({
    player: s.ref('Player'),
    advancement: s.ref('AdvancementSummary'),
    completed_at: s.dateTime(),
    first_on_server: s.boolean('This player was the first on the server to complete it.'),
  }),
  ComparisonValue: s.object({ ...valueFields, rank: s.nullable(s.integer(undefined, { minimum: 1 })) }),
  ComparisonStat: s.object({
    ...statSummaryFields,
    players: s.map(s.ref('ComparisonValue'), 'Keyed by player UUID.'),
    winner: s.nullable(s.string('UUID of the larger value; null for a tie.', { format: 'uuid' })),
  }),
  Comparison: s.object({
    players: { ...s.array(s.ref('Player'), 'The two players, in the order asked.'), minItems: 2, maxItems: 2 },
    stats: s.array(s.ref('ComparisonStat'), 'Every stat either player has.'),
    tally: s.object({
      wins: s.map(s.integer(undefined, { minimum: 0 }), 'Stats won, keyed by UUID.'),
      ties: s.integer(undefined, { minimum: 0 }),
      winner: s.nullable(s.string('UUID of the player with more wins; null when level.', { format: 'uuid' })),
    }),
  }),
  RandomPlayer: s.object({ player: s.ref('Player'), best_rank: s.nullable(s.ref('TopRank')) }),
  RandomStat: s.object({ stat: s.ref('Stat'), top: s.array(s.ref('LeaderboardEntry'), 'The top three.') }),
  EditionCounts: s.object({ total: s.integer(undefined, { minimum: 0 }), java: s.integer(undefined, { minimum: 0 }), bedrock: s.integer(undefined, { minimum: 0 }) }),
  ServerInfo: s.object({
    name: s.string(),
    short_name: s.string(),
    addresses: s.object({ java: s.nullable(s.string()), bedrock: s.nullable(s.string()) }, { description: 'Join addresses per edition.' }),
    level_name: s.string(),
    players: s.object({
      total: s.integer(undefined, { minimum: 0 }),
      java: s.integer(undefined, { minimum: 0 }),
      bedrock: s.integer(undefined, { minimum: 0 }),
      ranked: s.ref('EditionCounts'),
      active: { ...s.ref('EditionCounts'), description: 'Online within ranking.inactive_days.' },
    }),
    ranking: s.object({
      min_playtime_minutes: s.integer('Minimum play time before a player is ranked.'),
      inactive_days: s.integer('Days offline before a player counts as inactive.'),
      crown_weights: s.ref('CrownWeights'),
    }),
    stats: s.integer('Tracked statistics.'),
    advancements: s.object({ vanilla: s.integer(), datapack: s.integer(), scanned_players: s.integer() }),
    data_versions: s.array(s.integer(), 'Game DataVersions found in the save (of the players published).'),
    hiding: s.object({
      exclude_banned: s.boolean('Players banned in the server\'s banned-players.json are left out.'),
      exclude_ops: s.boolean('The server\'s operators (ops.json) are left out.'),
      hide_list: s.integer('Entries in the configured list of players to leave out (opt-outs).', { minimum: 0 }),
      hidden_players: s.integer('Players of the save these rules leave out.', { minimum: 0 }),
    }, { description: 'Who is left out of everything this API serves, as counts only: a hidden player is absent everywhere (404, no entry in any list, rank, total, first, feed, event or activity), exactly as if never seen. Never who.' }),
    time_zone: s.string('IANA time zone of local hours and weeks.'),
    data_updated_at: s.dateTime(),
    servers: s.array(s.object({ id: s.string('The value of the `server` query parameter.'), name: s.string() }), 'On a network only: its servers, in configuration order.'),
    server: s.nullable(s.string('On a network only: the server this answer is for (`?server=`), or null for the whole network.')),
  }, { optional: ['servers', 'server'] }),
};
