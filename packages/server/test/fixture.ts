/**
 * The server tests' world: a small save with players of both editions, a reused name, a
 * nameless and an unranked player, datapack advancements and recipe unlocks, built into a
 * snapshot by the core's own `buildSnapshot` with the real 217-stat catalogue; plus nine days
 * of recorded pulls (every 15 minutes) for the activity, history and event endpoints.
 */
import { addPull, buildSnapshot, emptyRecord, findAdvancement, type ActivityRecord, type AdvancementProgress, type PlayerSave, type SaveData, type Snapshot } from '@blockstats/core';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Ticks in one hour of play. */
const TICKS_PER_HOUR = 72_000;

/** The clock of every fixture: Wednesday 2026-11-18 12:00 UTC. */
export const NOW = Date.UTC(2026, 10, 18, 12, 0, 0);
/** When the snapshot was built (10 minutes before NOW). */
export const BUILT_AT = NOW - 10 * 60_000;
/** First fixture time: advancements are dated from here. */
const T0 = Date.UTC(2026, 4, 1);

export const uuids = {
  steve: '069a79f4-44e9-4726-a5be-fca90e38aaf5',
  alex: 'ec561538-f3fd-461d-aff5-086b22154bce',
  pocket: '00000000-0000-0000-0009-01f80f5bac02',
  notchOld: '11111111-2222-4333-8444-555555555555',
  notchNew: '22222222-3333-4444-8555-666666666666',
  newbie: '33333333-4444-4555-8666-777777777777',
  nameless: '44444444-5555-4666-8777-888888888888',
  builder: '55555555-6666-4777-8888-999999999999',
};

function done(id: string, at: number): AdvancementProgress {
  const def = findAdvancement(id);
  const names = def?.criteria.length ? def.criteria : ['done'];
  // Any requirement group can be met by one criterion: give each group its first criterion.
  const wanted = def?.requirements.map((group) => group[0]!) ?? names;
  return { id: id.includes(':') ? id : `minecraft:${id}`, done: true, criteria: Object.fromEntries(wanted.map((c) => [c, at])), doneAt: at };
}

function partial(id: string, criteria: string[], at: number): AdvancementProgress {
  return { id: `minecraft:${id}`, done: false, criteria: Object.fromEntries(criteria.map((c) => [c, at])), doneAt: null };
}

function player(fields: Partial<PlayerSave> & { uuid: string }): PlayerSave {
  const advancements = fields.advancements ?? [];
  return {
    edition: fields.uuid.startsWith('00000000-0000-0000') ? 'bedrock' : 'java',
    name: null,
    nameSource: null,
    stats: {},
    statsDataVersion: 4189,
    legacyStats: false,
    advancements,
    advancementsDataVersion: advancements.length > 0 ? 4189 : null,
    recipes: { count: 0, earliest: null },
    lastOnline: BUILT_AT - DAY_MS,
    lastOnlineSource: 'paper',
    firstPlayed: null,
    playerDataVersion: 4189,
    files: {
      stats: `world/stats/${fields.uuid}.json`,
      advancements: advancements.length > 0 ? `world/advancements/${fields.uuid}.json` : null,
      playerdata: `world/playerdata/${fields.uuid}.dat`,
    },
    newestMtime: BUILT_AT - DAY_MS,
    oldestMtime: T0,
    ...fields,
    ...(fields.name ? { nameSource: 'usercache' as const } : {}),
  };
}

const custom = (counters: Record<string, number>) =>
  Object.fromEntries(Object.entries(counters).map(([k, v]) => [`minecraft:${k}`, v]));

const day = (n: number, hours = 0) => T0 + n * DAY_MS + hours * HOUR_MS;

/** The fixture save. */
export function fixtureSave(): SaveData {
  const players: PlayerSave[] = [
    player({
      uuid: uuids.steve, name: 'Steve',
      stats: {
        'minecraft:custom': custom({ play_time: 500 * TICKS_PER_HOUR, jump: 12_345, walk_one_cm: 1_500_000, deaths: 12, damage_dealt: 8_300, mob_kills: 400 }),
        'minecraft:mined': { 'minecraft:stone': 5_000, 'minecraft:diamond_ore': 30, 'minecraft:deepslate_diamond_ore': 10 },
        'minecraft:killed': { 'minecraft:zombie': 300, 'minecraft:ender_dragon': 1 },
      },
      advancements: [
        done('story/root', day(0, 1)), done('story/mine_stone', day(0, 2)), done('story/upgrade_tools', day(0, 3)),
        done('story/smelt_iron', day(1)), done('story/obtain_armor', day(2)), done('story/iron_tools', day(2, 5)),
        done('story/mine_diamond', day(5)), done('story/enter_the_nether', day(8)), done('nether/root', day(8)),
        done('story/enchant_item', day(10)), done('nether/find_fortress', day(12)), done('nether/obtain_blaze_rod', day(12, 2)),
        done('story/follow_ender_eye', day(20)), done('story/enter_the_end', day(21)), done('end/root', day(21)),
        done('end/kill_dragon', day(21, 1)), done('adventure/root', day(3)), done('husbandry/root', day(0, 4)),
      ],
      recipes: { count: 40, earliest: day(0, 1) },
      lastOnline: BUILT_AT - 2 * HOUR_MS,
    }),
    player({
      uuid: uuids.alex, name: 'Alex',
      stats: {
        'minecraft:custom': custom({ play_time: 200 * TICKS_PER_HOUR, jump: 9_000, walk_one_cm: 2_500_000, deaths: 30, damage_dealt: 4_000 }),
        'minecraft:mined': { 'minecraft:stone': 8_000, 'minecraft:diamond_ore': 5 },
        'minecraft:killed': { 'minecraft:zombie': 120 },
      },
      advancements: [
        done('story/root', day(1)), done('story/mine_stone', day(1, 1)), done('story/upgrade_tools', day(1, 2)),
        done('story/smelt_iron', day(3)), done('adventure/root', day(1, 3)), done('husbandry/root', day(1, 4)),
        done('husbandry/plant_seed', day(4)),
        partial('adventure/adventuring_time', ['minecraft:plains', 'minecraft:forest', 'minecraft:desert'], day(30)),
      ],
      recipes: { count: 25, earliest: day(1) },
      lastOnline: BUILT_AT - 3 * DAY_MS,
    }),
    player({
      uuid: uuids.pocket, name: '.Pocket_Pro',
      stats: { 'minecraft:custom': custom({ play_time: 50 * TICKS_PER_HOUR, jump: 9_000, deaths: 4, walk_one_cm: 300_000 }), 'minecraft:mined': { 'minecraft:stone': 700 } },
      advancements: [done('story/root', day(40)), done('story/mine_stone', day(40, 1))],
      recipes: { count: 5, earliest: day(40) },
      lastOnline: BUILT_AT - 5 * HOUR_MS,
    }),
    player({
      uuid: uuids.notchOld, name: 'Notch',
      stats: { 'minecraft:custom': custom({ play_time: 10 * TICKS_PER_HOUR, jump: 100 }) },
      advancements: [done('story/root', day(2))],
      lastOnline: T0 + 10 * DAY_MS,
    }),
    player({
      uuid: uuids.notchNew, name: 'notch',
      stats: { 'minecraft:custom': custom({ play_time: 3 * TICKS_PER_HOUR, jump: 50 }) },
      advancements: [done('story/root', day(150))],
      lastOnline: BUILT_AT - 6 * DAY_MS,
    }),
    player({
      uuid: uuids.newbie, name: 'Newbie_1',
      stats: { 'minecraft:custom': custom({ play_time: TICKS_PER_HOUR / 3, jump: 99_999, deaths: 1 }) },
      advancements: [done('story/root', day(195))],
      lastOnline: BUILT_AT - HOUR_MS,
    }),
    player({
      uuid: uuids.nameless,
      stats: { 'minecraft:custom': custom({ play_time: 2 * TICKS_PER_HOUR, jump: 10 }) },
      lastOnline: BUILT_AT - 40 * DAY_MS,
    }),
    player({
      uuid: uuids.builder, name: 'Builder_Bob',
      stats: { 'minecraft:custom': custom({ play_time: 80 * TICKS_PER_HOUR, jump: 2_000, deaths: 2 }), 'minecraft:mined': { 'minecraft:stone': 100 } },
      advancements: [done('story/root', day(6)), done('blazeandcave:technical/joined', day(6)), done('story/mine_stone', day(6, 1))],
      recipes: { count: 10, earliest: day(6) },
      lastOnline: BUILT_AT - 12 * HOUR_MS,
    }),
  ];
  return {
    root: '/srv/minecraft',
    world: '/srv/minecraft/world',
    levelName: 'world',
    serverProperties: { motd: 'A Test Server' },
    floodgatePrefix: '.',
    players: players.sort((a, b) => (a.uuid < b.uuid ? -1 : 1)),
    dataVersions: [4189],
    mods: [],
    warnings: [],
  };
}

/** The fixture snapshot (built once: it is immutable data). */
let snapshot: Snapshot | undefined;
export function fixtureSnapshot(): Snapshot {
  snapshot ??= buildSnapshot(fixtureSave(), {
    now: BUILT_AT,
    server: { name: 'Test SMP', short_name: 'TestSMP', addresses: { java: 'play.test.example', bedrock: 'play.test.example:19132' } },
  });
  return snapshot;
}

/** When recording began: Sunday 2026-11-08 00:00 UTC, so week 1 is partial, week 2 finished, week 3 running. */
export const RECORDING_SINCE = Date.UTC(2026, 10, 8, 0, 0, 0);

/**
 * Pulls every 15 minutes from RECORDING_SINCE to NOW: Steve plays 19:00–21:00 UTC daily, Alex
 * 20:00–20:30 on even days, .Pocket_Pro 12:00–13:00 on odd days (and dies once each session);
 * every 50th ping fails (online null). Counters: play_time, deaths and jump (the event pool).
 */
export function fixtureRecord(): ActivityRecord {
  const record = emptyRecord();
  const counters: Record<string, { play_time: number; deaths: number; jump: number }> = {
    [uuids.steve]: { play_time: 480 * TICKS_PER_HOUR, deaths: 10, jump: 12_000 },
    [uuids.alex]: { play_time: 195 * TICKS_PER_HOUR, deaths: 28, jump: 8_900 },
    [uuids.pocket]: { play_time: 45 * TICKS_PER_HOUR, deaths: 2, jump: 8_800 },
  };
  const window = 15 * 60_000;
  const perWindow = TICKS_PER_HOUR / 4;
  let n = 0;
  for (let at = RECORDING_SINCE; at <= NOW; at += window, n++) {
    const time = new Date(at - window); // the window that just closed
    const hour = time.getUTCHours() + time.getUTCMinutes() / 60;
    const date = time.getUTCDate();
    let online = 0;
    if (n > 0) {
      if (hour >= 19 && hour < 21) {
        counters[uuids.steve]!.play_time += perWindow;
        counters[uuids.steve]!.jump += 40;
        online++;
      }
      if (date % 2 === 0 && hour >= 20 && hour < 20.5) {
        counters[uuids.alex]!.play_time += perWindow;
        counters[uuids.alex]!.jump += 90;
        online++;
      }
      if (date % 2 === 1 && hour >= 12 && hour < 13) {
        counters[uuids.pocket]!.play_time += perWindow;
        counters[uuids.pocket]!.jump += 25;
        if (hour === 12) counters[uuids.pocket]!.deaths += 1;
        online++;
      }
    }
    addPull(record, {
      at,
      counters: Object.fromEntries(Object.entries(counters).map(([uuid, c]) => [uuid, { ...c }])),
      online: n % 50 === 49 ? null : online,
    });
  }
  return record;
}
