import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { statCatalogue, type PlayerSave, type SaveData } from '../../packages/core/src/index.js';

// The year of stat history bench/statHistory.ts writes and keeps (`--work`), and the save of its
// players that its snapshots are built from: shared with bench/networkCrowns.ts, which reads it.

/** Columns of the statistics a kept year's players carry besides the history (play time, jumps). */
export const PLAY = statCatalogue.findIndex((s) => s.id === 'play_time');
export const JUMP = statCatalogue.findIndex((s) => s.id === 'jump');

/** The last closed server day of a kept year (2026-11-27); the day after it is the day in progress. */
export const YEAR_LAST_DAY = Math.round(Date.UTC(2026, 10, 27) / 86_400_000);

/** The year statHistory.ts writes by default, and networkCrowns.ts reads. */
export const DEFAULT_YEAR = { players: 10_000, days: 365, active: 0.2, changed: 30 } as const;

/** The uuid of the bench's player `i`. */
export const benchUuid = (i: number): string => `${i.toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

/** Where `--work` keeps the year written with these options (`v2`: the generator whose draws do not cycle). */
export function keptYearDir(work: string, options: { players: number; days: number; active: number; changed: number }): string {
  return join(work, `stat-history-v2-${options.players}x${options.days}-${options.active}-${options.changed}`);
}

/** The final values a kept year was written with (play time and jumps; the rest 0). */
export function readYearValues(file: string, players: number): Float64Array[] {
  const columns = new Float64Array(new Uint8Array(readFileSync(file)).buffer);
  return Array.from({ length: players }, (_, p) => {
    const row = new Float64Array(statCatalogue.length);
    row[PLAY] = columns[p * 2]!;
    row[JUMP] = columns[p * 2 + 1]!;
    return row;
  });
}

/** A save of the year's players with their play time and jumps (`dir` stands for the server folder). */
export function yearSave(dir: string, values: readonly Float64Array[]): SaveData {
  return {
    root: dir, world: dir, levelName: 'world', serverProperties: {}, floodgatePrefix: '.', dataVersions: [3953], mods: [], warnings: [],
    players: values.map((row, p) => ({
      uuid: benchUuid(p), name: `P${p}`, edition: 'java', nameSource: 'usercache', statsDataVersion: 3953, legacyStats: false,
      stats: Object.freeze({ 'minecraft:custom': Object.freeze({ 'minecraft:play_time': row[PLAY]!, 'minecraft:jump': row[JUMP]! }) }),
      advancements: [], advancementsDataVersion: null, recipes: { count: 0, earliest: null }, lastOnline: null, lastOnlineSource: null,
      firstPlayed: null, playerDataVersion: 3953, files: { stats: `s/${p}.json`, advancements: null, playerdata: null }, newestMtime: 0, oldestMtime: 0,
    })) as unknown as PlayerSave[],
  } as unknown as SaveData;
}
