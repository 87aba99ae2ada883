/**
 * The hand-computed "league" fixture most snapshot and query tests share. Every number the tests
 * expect is worked out in the comments below from these inputs alone.
 *
 * Players (uuid order puts the Bedrock player first):
 * | player            | play time    | jump | deaths | walk cm | mined | advancements (done)                                    |
 * |-------------------|--------------|------|--------|---------|-------|--------------------------------------------------------|
 * | .Eve (Bedrock, 5) | 2 h          | 0    | 0      | 0       | 0     | no advancements file                                   |
 * | Alice (1)         | 2 h          | 10   | 1      | 150,000 | 10    | root +1h, mine_stone +2h, kill_dragon +10d; recipes T0 |
 * | bob (2)           | 1 h (exact)  | 10   | 0      | 0       | 20    | root +5d, mine_stone +6d, incendium:technical/on_kill +5d; adventuring_time 2 biomes |
 * | Carl (3)          | 3 h          | 5    | 3      | 0       | 0     | root +20d; bukkit firstPlayed T0-100d                  |
 * | Dora (4)          | 30 min       | 50   | 9      | 0       | 0     | root +30d (unranked)                                   |
 * | Frank (6)         | 0            |      |        |         |       | last online NOW-10d                                    |
 * | frank (7)         | 0            |      |        |         |       | last online NOW-2d (wins the reused name)              |
 *
 * Leaderboards (ranked: .Eve, Alice, bob, Carl):
 * - play_time: Carl 1, .Eve 2, Alice 2 ('.eve' < 'alice'), bob 4
 * - jump: Alice 1, bob 1, Carl 3 (Dora's 50 is unranked)
 * - deaths: Carl 1, Alice 2
 * - walk_one_cm: Alice 1
 * - mined_total: bob 1, Alice 2
 * Medals: Alice 2 gold 3 silver (crown 14); Carl 2 gold 1 bronze (9); bob 2 gold (8); .Eve 1 silver (2).
 * Totals over the 4 ranked: jump 25 (average 6.25), deaths 4 (average 1).
 * Scanned players (with an advancements file): Alice, bob, Carl, Dora = 4.
 */
import { buildSnapshot } from '../build-snapshot.js';
import type { BuildSnapshotOptions, Snapshot } from '../types.js';
import { custom, DAY, done, HOUR, NOW, partial, player, save, T0, tinyStats, uuid } from './save-fixture.js';

const MIN = HOUR / 60;

export const ids = {
  eve: uuid(5, true),
  alice: uuid(1),
  bob: uuid(2),
  carl: uuid(3),
  dora: uuid(4),
  frankOld: uuid(6),
  frankNew: uuid(7),
};

const H = 3_600_000;

export function leagueSave() {
  return save([
    player({ uuid: ids.eve, name: '.Eve', stats: custom({ play_time: 2 * HOUR }), oldestMtime: NOW - 3 * DAY }),
    player({
      uuid: ids.alice, name: 'Alice',
      stats: { ...custom({ play_time: 2 * HOUR, jump: 10, deaths: 1, walk_one_cm: 150_000 }), 'minecraft:mined': { 'minecraft:stone': 5, 'minecraft:dirt': 5 } },
      advancements: [done('story/root', T0 + H), done('story/mine_stone', T0 + 2 * H), done('end/kill_dragon', T0 + 10 * DAY)],
      recipes: { count: 12, earliest: T0 },
    }),
    player({
      uuid: ids.bob, name: 'bob',
      stats: { ...custom({ play_one_minute: 60 * MIN, jump: 10 }), 'minecraft:mined': { 'minecraft:stone': 20 } },
      advancements: [
        done('story/root', T0 + 5 * DAY),
        done('story/mine_stone', T0 + 6 * DAY),
        done('incendium:technical/on_kill', T0 + 5 * DAY),
        partial('adventure/adventuring_time', { 'minecraft:plains': T0 + 7 * DAY, 'minecraft:forest': T0 + 8 * DAY }),
      ],
    }),
    player({
      uuid: ids.carl, name: 'Carl', stats: custom({ play_time: 3 * HOUR, jump: 5, deaths: 3 }),
      advancements: [done('story/root', T0 + 20 * DAY)], firstPlayed: T0 - 100 * DAY,
    }),
    player({
      uuid: ids.dora, name: 'Dora', stats: custom({ play_time: 30 * MIN, jump: 50, deaths: 9 }),
      advancements: [done('story/root', T0 + 30 * DAY)],
    }),
    player({ uuid: ids.frankOld, name: 'Frank', stats: {}, lastOnline: NOW - 10 * DAY }),
    player({ uuid: ids.frankNew, name: 'frank', stats: {}, lastOnline: NOW - 2 * DAY }),
  ]);
}

export function league(options: Partial<BuildSnapshotOptions> = {}): Snapshot {
  return buildSnapshot(leagueSave(), { now: NOW, stats: tinyStats, ...options });
}
