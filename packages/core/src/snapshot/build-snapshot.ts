import type { PlayerSave, SaveData, SaveWarning } from '../save/types.js';
import { hiddenPlayers } from '../hiding/hidden-players.js';
import { resolvePlayerRules, type HidingSummary, type PlayerRules } from '../hiding/player-rules.js';
import { withoutPlayers } from '../hiding/visible-save.js';
import { statCatalogue, findStat } from '../catalogue/stat-catalogue.js';
import type { StatDefinition } from '../catalogue/types.js';
import { advancementSteps, type BuiltAdvancements } from './build-advancements.js';
import { buildFeed } from './build-feed.js';
import { buildPlacings, medalsOf, sameMedals, sameTopRanks, topRanksOf, type Placings } from './build-placings.js';
import { statsSteps } from './build-stats.js';
import { firstSeen } from './first-seen.js';
import { nameRanks, rememberNameRanks } from './name-ranks.js';
import { keptElements } from './content-hash.js';
import { statRowKey, statRowWriter } from './player-stat-row.js';
import { playersToReuse, readingsOf, rememberPlayers, reusedPlayer } from './reuse-snapshot-players.js';
import { defaultServerName } from './server-name.js';
import { snapshotDefaults } from './snapshot-defaults.js';
import { rememberPredecessor } from './snapshot-predecessor.js';
import { generationSteps } from './snapshot-generation.js';
import { runSteps } from './run-steps.js';
import type { BuildSnapshotOptions, CrownWeights, Snapshot, SnapshotConfig, SnapshotPlayer } from './types.js';

const TICKS_PER_MINUTE = 20 * 60;
/** A texture hash as textures.minecraft.net names them; anything else is not put into URLs. */
const SKIN_HASH = /^[0-9a-f]{16,128}$/i;

/** DECISIONS 2: play time is `play_time` plus the pre-1.17 `play_one_minute`; the catalogue row says so. */
const PLAY_TIME = findStat('play_time');
const PLAY_TIME_ONLY = PLAY_TIME ? [PLAY_TIME] : [];
const writePlayTime = statRowWriter(PLAY_TIME_ONLY);
const playTimeRow = new Float64Array(1);
/**
 * Play time by what it was computed from (`statRowKey`): a number per unchanged stats file,
 * not a row object each (a `Float64Array` per player was ~200 bytes).
 */
const playTimeByKey = new WeakMap<object, number>();

function playTimeOf(player: PlayerSave): number {
  const key = statRowKey(player);
  let ticks = key === null ? undefined : playTimeByKey.get(key);
  if (ticks === undefined) {
    ticks = writePlayTime(player, playTimeRow)[0]!;
    if (key !== null) playTimeByKey.set(key, ticks);
  }
  return ticks;
}

/**
 * Turns a read world save into a Snapshot: leaderboards of every tracked statistic (ranked
 * players only), totals, medals, crown scores and hall of fame, advancement rarity and holders,
 * player profiles, the unlock feed. Players the `players` rules hide (banned ones by default; see
 * `hiddenPlayers`) are left out first, so nothing in the snapshot knows them. Pure: the clock and the configuration come in `options`, so
 * the same save and options always give a deep-equal snapshot with the same `generation`.
 * The result is JSON-serialisable data (each statistic's `values` is an `IntValueColumn`, an
 * `Int32Array`, when every value fits one, else up to 16,384 players a `ValueColumn`, a
 * `Float64Array`: both written by `JSON.stringify` as an array; a snapshot parsed
 * back from JSON answers the same); read it through the query functions (`leaderboard`, `getPlayerProfile`,
 * `feed`…). Throws a RangeError for an invalid option.
 *
 * Rebuilding every few minutes from a `readSave` with a parse cache is cheap: while the previous
 * snapshot is still referenced (a server serving it), the builder patches it where only some
 * players' files changed, and shares its unchanged arrays with the new snapshot. Snapshots are
 * therefore immutable: never modify one.
 *
 * @example
 * ```ts
 * import { buildSnapshot, leaderboard } from '@blockstats/core';
 * import { readSave } from '@blockstats/core/node';
 * const save = await readSave('/srv/minecraft');
 * const snapshot = buildSnapshot(save, { now: Date.now(), minPlaytimeMinutes: 60 });
 * leaderboard(snapshot, 'jump', { limit: 3 })?.items.map((e) => `${e.rank}. ${e.player.name} ${e.display}`);
 * // ['1. Steve 12,345', '2. Alex 9,876', '3. .BedrockGuy 5,432']
 * ```
 */
export function buildSnapshot(save: SaveData, options: BuildSnapshotOptions): Snapshot {
  return runSteps(snapshotSteps(save, options));
}

/**
 * `buildSnapshot` as steps: it yields between its phases (players, statistics, placings,
 * advancements, profiles, feed and generation) and inside the long ones (after each player's
 * statistics row and advancements row, each statistic, every few dozen players' profiles), so a caller that must keep answering meanwhile
 * (`buildSnapshotInSteps`) can let other work run between them. Run to its end, it is
 * `buildSnapshot`.
 */
export function* snapshotSteps(save: SaveData, options: BuildSnapshotOptions): Generator<void, Snapshot, void> {
  const config = resolveConfig(options);
  const now = options.now;
  const { shown, hiding } = applyPlayerRules(save, options.players, now);
  const warnings: SaveWarning[] = shown.warnings.map((w) => ({ file: w.file, reason: w.reason }));

  const players = uniquePlayers(shown.players, warnings);
  const n = players.length;
  const previous = options.previous ?? undefined;
  const nameRank = nameRanks(players, previous?.players);
  yield;

  const { playTime, ranked } = playTimes(players, config.min_playtime_minutes * TICKS_PER_MINUTE);
  const stats = yield* statsSteps(statDefinitions(options), players, ranked, nameRank, previous?.stats);
  yield;
  const placings = buildPlacings(stats, n, config.crown_weights, nameRank);
  yield;
  const built = yield* advancementSteps(players, shown.dataVersions, nameRank, config.icon_url_template, previous?.advancements);
  yield;
  const lastPlayers = playersToReuse(previous?.players);
  const snapshotPlayers = rememberPlayers(yield* profiles(players, { playTime, ranked, placings, built, skins: options.skins, now }, lastPlayers), players);
  // The generation hash mixes in the profiles kept from the last build from their digests then (see `keptElements`).
  keptElements(snapshotPlayers, lastPlayers);
  // The next build given this one as `previous` finds its name order (see `nameRanks`).
  rememberNameRanks(snapshotPlayers, nameRank);
  yield;
  const events = buildFeed(built.advancements, nameRank, config.feed_size);
  yield;

  const name = options.server?.name ?? defaultServerName(save.serverProperties ?? {}, save.levelName);
  const body: Omit<Snapshot, 'generation'> = {
    format: 1,
    data_updated_at: new Date(now).toISOString(),
    config,
    server: {
      name,
      short_name: options.server?.short_name ?? name,
      addresses: {
        java: options.server?.addresses?.java ?? null,
        bedrock: options.server?.addresses?.bedrock ?? null,
      },
      level_name: save.levelName,
      data_versions: [...shown.dataVersions],
      scanned_players: players.filter((p) => p.files.advancements !== null).length,
      hiding,
    },
    players: snapshotPlayers,
    stats,
    advancements: built.advancements,
    feed: { events },
    hall_of_fame: placings.hallOfFame,
    warnings,
  };
  const { format, ...rest } = body;
  const snapshot: Snapshot = { format, generation: yield* generationSteps(body), ...rest };
  // What is derived from a snapshot later is patched from what was derived from this one's previous (see predecessorOf).
  if (previous !== undefined) rememberPredecessor(snapshot, previous);
  return snapshot;
}

/** Every player's play time in ticks (DECISIONS 2), and whether it reaches `minTicks` (ranked). */
function playTimes(players: readonly PlayerSave[], minTicks: number): { playTime: number[]; ranked: boolean[] } {
  const playTime: number[] = [];
  const ranked: boolean[] = [];
  // Loops in a module function rather than callbacks made at every build: V8 holds optimised
  // code only weakly from a function literal's shared feedback, so a callback made anew at every
  // build starts unoptimised at every pull once a full collection ran in between.
  for (let i = 0; i < players.length; i++) {
    const ticks = PLAY_TIME ? playTimeOf(players[i]!) : 0;
    playTime.push(ticks);
    ranked.push(ticks >= minTicks);
  }
  return { playTime, ranked };
}

/** What `profiles` puts together for each player. */
interface ProfileParts {
  playTime: readonly number[];
  ranked: readonly boolean[];
  placings: Placings;
  built: BuiltAdvancements;
  skins: BuildSnapshotOptions['skins'];
  now: number;
}

/** Profiles made between two yields of `profiles`: a few microseconds each, so a slice stays short. */
const PROFILES_PER_STEP = 64;

/**
 * Every player's profile, in player order: the last build's object (`last`) where the profile
 * made is equal to it in every field (see `reusedPlayer`), else the one made. A player whose
 * reading is the very object the last build made its profile from (the reader keeps it while
 * the player's files are unchanged), and whose placings and row are as then, gets the last
 * profile without one being made (see `unchangedProfile`). Yields after every
 * `PROFILES_PER_STEP` players.
 */
function* profiles(players: readonly PlayerSave[], parts: ProfileParts, last: readonly SnapshotPlayer[] | undefined): Generator<void, SnapshotPlayer[], void> {
  const { skins } = parts;
  const lastReadings = last === undefined ? undefined : readingsOf(last);
  const out: SnapshotPlayer[] = [];
  for (let i = 0; i < players.length; i++) {
    const p = players[i]!;
    const before = last !== undefined && i < last.length ? last[i]! : undefined;
    const skin = skinOf(skins, p);
    if (before !== undefined && lastReadings !== undefined && lastReadings[i] === p && skin === before.skin && unchangedProfile(before, i, parts)) {
      out.push(before);
    } else {
      out.push(reusedPlayer(last, i, profile(p, i, skin, before, parts)));
    }
    if (i % PROFILES_PER_STEP === PROFILES_PER_STEP - 1) yield;
  }
  return out;
}

/** Player `p`'s skin texture hash as a profile holds it: lower case, or null when `skins` gives none usable. */
export function skinOf(skins: BuildSnapshotOptions['skins'], p: PlayerSave): string | null {
  const skinHash = skins?.(p.uuid, p.edition) ?? null;
  return typeof skinHash === 'string' && SKIN_HASH.test(skinHash) ? skinHash.toLowerCase() : null;
}

/**
 * Whether the profile `before`, made from the same reading as player `i`'s now, is player i's
 * profile still: the same play time, row, placings and, for a player never seen online (whose
 * first-seen estimate reads the clock), never. Everything else in it comes from the reading.
 */
function unchangedProfile(before: SnapshotPlayer, i: number, { playTime, ranked, placings, built }: ProfileParts): boolean {
  return (
    before.last_online_ms !== null &&
    Object.is(before.play_time, playTime[i]!) &&
    before.ranked === ranked[i]! &&
    before.advancements === built.playerAdvancements[i]! &&
    Object.is(before.advancements_earned, built.earned[i]!) &&
    Object.is(before.crown_score, placings.crownScores[i]!) &&
    Object.is(before.hall_of_fame_rank, placings.hallOfFameRanks[i]!) &&
    sameMedals(placings, i, before.medals) &&
    sameTopRanks(placings, i, before.top_ranks)
  );
}

/** Player i's profile, made; `before` (the last build's at the same index) lends the arrays that are equal. */
function profile(p: PlayerSave, i: number, skin: string | null, before: SnapshotPlayer | undefined, { playTime, ranked, placings, built, now }: ProfileParts): SnapshotPlayer {
  const seen = firstSeen(p, playTime[i]!, now);
  return {
    uuid: p.uuid,
    name: p.name,
    edition: p.edition,
    skin,
    play_time: playTime[i]!,
    ranked: ranked[i]!,
    last_online_ms: finiteOrNull(p.lastOnline),
    first_seen_ms: finiteOrNull(seen.ms),
    first_seen_estimated: seen.estimated,
    advancements_earned: built.earned[i]!,
    recipes: p.recipes.count,
    // The last build's arrays where equal: nothing allocated for them, and compared by identity.
    medals: before !== undefined && sameMedals(placings, i, before.medals) ? before.medals : medalsOf(placings, i),
    crown_score: placings.crownScores[i]!,
    hall_of_fame_rank: placings.hallOfFameRanks[i]!,
    top_ranks: before !== undefined && sameTopRanks(placings, i, before.top_ranks) ? before.top_ranks : topRanksOf(placings, i),
    advancements: built.playerAdvancements[i]!,
  };
}

/**
 * The save without the players the rules hide (as if never seen: every list, rank, count and
 * first below is computed without them), and the rules as counts for `/v1/server`.
 */
export function applyPlayerRules(save: SaveData, rules: PlayerRules | undefined, now: number): { shown: SaveData; hiding: HidingSummary } {
  const resolved = resolvePlayerRules(rules);
  const hidden = hiddenPlayers(save, resolved, now);
  return {
    shown: withoutPlayers(save, hidden),
    hiding: { exclude_banned: resolved.excludeBanned, exclude_ops: resolved.excludeOps, hide_list: resolved.hide.length, hidden_players: hidden.size },
  };
}

/** Applies defaults and rejects values that would make the rankings meaningless. */
export function resolveConfig(options: BuildSnapshotOptions): SnapshotConfig {
  if (typeof options?.now !== 'number' || !Number.isFinite(options.now) || Number.isNaN(new Date(options.now).getTime())) {
    throw new RangeError(`buildSnapshot: options.now must be epoch milliseconds, got ${String(options?.now)}`);
  }
  const d = snapshotDefaults;
  const config: SnapshotConfig = {
    min_playtime_minutes: nonNegative('minPlaytimeMinutes', options.minPlaytimeMinutes ?? d.minPlaytimeMinutes),
    inactive_days: nonNegative('inactiveDays', options.inactiveDays ?? d.inactiveDays),
    crown_weights: weights(options.crownWeights ?? d.crownWeights),
    feed_size: nonNegative('feedSize', options.feedSize ?? d.feedSize),
    profile_url_template: options.profileUrlTemplate ?? d.profileUrlTemplate,
    texture_templates: { ...d.textureTemplates, ...options.textureTemplates },
    icon_url_template: options.iconUrlTemplate === undefined ? d.iconUrlTemplate : options.iconUrlTemplate,
    time_zone: options.timeZone ?? d.timeZone,
  };
  if (!Number.isInteger(config.feed_size)) throw new RangeError(`buildSnapshot: feedSize must be an integer, got ${config.feed_size}`);
  return config;
}

/** The tracked statistics: the catalogue, or an injected list whose ids must be unique. */
function statDefinitions(options: BuildSnapshotOptions): readonly StatDefinition[] {
  const defs = options.stats ?? statCatalogue;
  const seen = new Set<string>();
  for (const def of defs) {
    if (seen.has(def.id)) throw new RangeError(`buildSnapshot: stat id ${JSON.stringify(def.id)} appears twice in options.stats`);
    seen.add(def.id);
  }
  return defs;
}

function nonNegative(name: string, v: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
    throw new RangeError(`buildSnapshot: ${name} must be a number ≥ 0, got ${String(v)}`);
  }
  return v;
}

function weights(w: CrownWeights): CrownWeights {
  return { gold: nonNegative('crownWeights.gold', w.gold), silver: nonNegative('crownWeights.silver', w.silver), bronze: nonNegative('crownWeights.bronze', w.bronze) };
}

/** The largest distance from the epoch a Date can hold (ECMAScript TimeClip), in ms. */
const MAX_DATE_MS = 8.64e15;

/** `ms` when a Date can hold it, else null: `new Date(ms)` being valid, without making 20,000 Dates a build. */
function finiteOrNull(ms: number | null): number | null {
  return ms !== null && Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS ? ms : null;
}

/**
 * Sorted by uuid; a uuid seen twice (the reader should never do it) keeps its first record. The
 * reader gives them sorted and unique: checked in one pass, and then returned as they are.
 */
function uniquePlayers(players: readonly PlayerSave[], warnings: SaveWarning[]): PlayerSave[] {
  let ascending = true;
  for (let i = 1; i < players.length && ascending; i++) ascending = players[i - 1]!.uuid < players[i]!.uuid;
  if (ascending) return [...players];
  const sorted = [...players].sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
  return sorted.filter((p, i) => {
    if (i === 0 || sorted[i - 1]!.uuid !== p.uuid) return true;
    warnings.push({ file: p.files.stats ?? p.files.advancements ?? p.files.playerdata ?? p.uuid, reason: `duplicate player ${p.uuid} ignored` });
    return false;
  });
}
