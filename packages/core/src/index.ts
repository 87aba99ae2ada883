/**
 * @blockstats/core: read a Minecraft server's world save and compute its public statistics.
 *
 * Pure functions over plain data: this entry point imports no Node built-in and runs in any
 * JavaScript runtime (Workers, Deno, Bun, browsers). Reading a save and the activity record's
 * files is in `@blockstats/core/node`.
 */
export type * from './save/types.js';
export type * from './catalogue/types.js';
export { statCatalogue, findStat } from './catalogue/stat-catalogue.js';
export { statTotal } from './catalogue/stat-total.js';
export { value } from './value/value.js';
export type { Value } from './value/value.js';
export { formatNumber } from './value/format-number.js';
export { advancementCatalogue, findAdvancement, namespacedAdvancementId } from './catalogue/advancement-catalogue.js';
export { advancementSource, vanillaAdvancementsFor } from './catalogue/advancement-source.js';
export { milestoneBeats } from './catalogue/milestone-beats.js';
// Snapshot engine: build once from a save, then answer every read-only question with a query.
export type * from './snapshot/types.js';
export { PLAYER_ADVANCEMENT_STRIDE, FEED_EVENT_STRIDE } from './snapshot/types.js';
export { buildSnapshot } from './snapshot/build-snapshot.js';
export { buildSnapshotInSteps } from './snapshot/build-snapshot-in-steps.js';
export { snapshotStillCurrent } from './snapshot/snapshot-still-current.js';
export { ValueColumn } from './snapshot/value-column.js';
export { IntValueColumn } from './snapshot/int-value-column.js';
export { IndexColumn } from './snapshot/index-column.js';
export { HolderTimes, holderTime, type HolderTimeList } from './snapshot/holder-times.js';
export { AdvancementRow, entryAdvancement, entryCount, entryDone, entryObtained, entryRequired, entryTime, flatEntries, type AdvancementEntries } from './snapshot/advancement-row.js';
export { snapshotDefaults } from './snapshot/snapshot-defaults.js';
export { snapshotGeneration } from './snapshot/snapshot-generation.js';
export { playerOrder } from './snapshot/player-order.js';
export { QueryError } from './queries/query-error.js';
export type { QueryErrorCode } from './queries/query-error.js';
export { listStats } from './queries/list-stats.js';
export { leaderboard } from './queries/leaderboard.js';
export { statLeader, statLeaderIndex, prepareStatLeaders } from './queries/stat-leaders.js';
export type { StatLeader } from './queries/stat-leaders.js';
export { playerCounts } from './queries/player-counts.js';
export type { PlayerCounts } from './queries/player-counts.js';
export { totals } from './queries/totals.js';
export { listAdvancements } from './queries/list-advancements.js';
export { advancementCategories } from './queries/advancement-categories.js';
export { getAdvancement } from './queries/get-advancement.js';
export { advancementHolders } from './queries/advancement-holders.js';
export { listPlayers } from './queries/list-players.js';
export { findPlayer } from './queries/find-player.js';
export { resolvePlayerIndex } from './queries/resolve-player-index.js';
export { indexSnapshot } from './queries/snapshot-index.js';
export { snapshotNames } from './queries/snapshot-names.js';
export { getPlayerProfile } from './queries/get-player-profile.js';
export { playerStats } from './queries/player-stats.js';
export { playerAdvancements } from './queries/player-advancements.js';
export { playerMilestones } from './queries/player-milestones.js';
export { hallOfFame } from './queries/hall-of-fame.js';
export { feed } from './queries/feed.js';
export { compare } from './queries/compare.js';
export { randomPlayer } from './queries/random-player.js';
export { randomStat } from './queries/random-stat.js';
export { serverInfo } from './queries/server-info.js';
export { playerTextures } from './queries/player-textures.js';
export { suggest } from './queries/suggest.js';
export { didYouMean } from './queries/did-you-mean.js';
export type { DidYouMeanKind } from './queries/did-you-mean.js';
// Hidden players (banned, operators, a hide list): left out of the snapshot and the record's views.
export { hiddenPlayers } from './hiding/hidden-players.js';
export { visibleSave } from './hiding/visible-save.js';
export { visibleRecord } from './hiding/visible-record.js';
export { mergeSaves } from './network/merge-saves.js';
export type { NetworkMember } from './network/merge-saves.js';
export { mergePlayer } from './network/merge-player.js';
export { serverView } from './network/server-view.js';
export { mergeRecords, recordMerger } from './network/merge-records.js';
export { playerRuleDefaults } from './hiding/player-rules.js';
export type { PlayerRules, HidingSummary } from './hiding/player-rules.js';
// World-save reader helpers that touch no file (the reader itself is in `@blockstats/core/node`).
export { SaveError } from './save/save-error.js';
export type { SaveErrorCode } from './save/save-error.js';
export { resolvePlayer } from './save/resolve-player.js';
export { createPlayerResolver } from './save/create-player-resolver.js';
export { parseUuid } from './save/parse-uuid.js';
export { isBedrockUuid } from './save/is-bedrock-uuid.js';
export { indexOfUuid } from './save/index-of-uuid.js';
export { isRecipeId } from './save/is-recipe-id.js';
export { parseGameTime } from './save/parse-game-time.js';
export { hasStatsReading } from './save/has-stats-reading.js';
export { restorePlayerParts } from './save/restore-player-parts.js';
export { encodePlayerSave, decodePlayerSave } from './save/player-save-codec.js';
export type { EncodedPlayerSave } from './save/player-save-codec.js';
export { DEFAULT_READ_LIMITS, formatBytes } from './save/read-limits.js';
export type { ReadLimits } from './save/read-limits.js';
export type { PlayerFileKind } from './save/parse-player-file.js';
export { parsePlayerList } from './save/parse-player-list.js';
export { parseServerProperties } from './save/parse-server-properties.js';
// Activity record: one pull every 15 minutes appended to a crash-safe log (its files are handled
// by `@blockstats/core/node`), and pure functions deriving activity,
// population history and weekly events from it. Totals only: no session start or end leaves.
export type { ActivityRecord, PlayerTrack, Pull, RecordWarning } from './record/types.js';
export { emptyRecord } from './record/empty-record.js';
export { addPull } from './record/add-pull.js';
export { pullCounters } from './record/pull-counters.js';
export { pullCounterMap } from './record/pull-counter-map.js';
export { ACTIVITY_COUNTERS } from './record/activity-counters.js';
export { localCalendar } from './activity/local-calendar.js';
export type { LocalCalendar, WallTime } from './activity/local-calendar.js';
export type { ActivityTotals } from './activity/period-totals.js';
export { playerActivity, weekRanks } from './activity/player-activity.js';
export type { PlayerActivity, PlayerActivityOptions } from './activity/player-activity.js';
export { activePlayers, ACTIVITY_PERIODS, ACTIVITY_SORTS } from './activity/active-players.js';
export type { ActivePlayers, ActivePlayerEntry, ActivePlayersOptions, ActivityPeriod, ActivitySort } from './activity/active-players.js';
export type { PlayerNames } from './activity/rank-order.js';
export { serverActivity } from './activity/server-activity.js';
export type { ServerActivity, ServerActivityOptions, HourOfDayActivity, DailyActivity } from './activity/server-activity.js';
export { populationHistory, HISTORY_RESOLUTIONS } from './history/population-history.js';
export type { PopulationHistory, PopulationHistoryOptions, HistoryBucket, HistorySample, HistoryResolution } from './history/population-history.js';
export { weeklyEvents, WEEKLY_EVENT_STATES } from './events/weekly-events.js';
export type { WeeklyEvent, WeeklyEventsOptions, WeeklyEventState, EventStanding } from './events/weekly-events.js';
export { eventStats } from './events/event-stats.js';
export { warningSummary } from './snapshot/warning-summary.js';
export { eventCounters } from './events/event-counters.js';
export type { EventCounters } from './events/event-counters.js';
export type { EventConfig } from './events/event-weeks.js';
export type { CounterSeries } from './record/types.js';
// Stat history (issue 41): each player's statistics per server day, and boards over periods.
export { StatHistory } from './stat-history/stat-history.js';
export type { CounterReset } from './stat-history/stat-history.js';
export { resolvePeriod, periodDates, PERIOD_NAMES } from './stat-history/period.js';
export type { Period } from './stat-history/period.js';
export { serverDay, serverDayDate } from './stat-history/server-day.js';
export { snapshotGains, historiesToday, historiesSince } from './stat-history/snapshot-gains.js';
export { periodBoard, TICKS_PER_HOUR } from './stat-history/period-board.js';
export type { PeriodBoard, PeriodBoardOptions } from './stat-history/period-board.js';
export { periodLeaderboard } from './stat-history/period-leaderboard.js';
export { periodTotals } from './stat-history/period-totals.js';
export { periodPlacings } from './stat-history/period-placings.js';
export type { PeriodPlacings } from './stat-history/period-placings.js';
export { periodHallOfFame } from './stat-history/period-hall-of-fame.js';
export { periodCompare } from './stat-history/period-compare.js';
export { periodCrowns, CROWN_PERIODS } from './stat-history/period-crowns.js';
export type { PeriodCrown } from './stat-history/period-crowns.js';
export { weeklySeries, dailyTotals, isoWeekName } from './stat-history/stat-series.js';
export type { WeeklyPoint, DailyTotal } from './stat-history/stat-series.js';
export type { PeriodLeaderboardEntry, PeriodLeaderboardPage, PeriodLeaderboardParams } from './stat-history/period-leaderboard.js';
export { packShard, unpackShard, type ShardColumn, type ShardContent } from './split/shard-pack.js';
export { splitSnapshot, type Shard, type SplitOptions } from './split/split-snapshot.js';
export { SPLIT_HEAD, SPLIT_POINTER_KEY, shardKey, type SplitMeta } from './split/split-meta.js';
