/**
 * Small in-memory world saves for the snapshot and query tests: every field of the reader's
 * contract filled with a neutral default, so a test states only what it is about.
 */
import { findAdvancement } from '../../catalogue/advancement-catalogue.js';
import type { StatDefinition } from '../../catalogue/types.js';
import type { AdvancementProgress, PlayerSave, SaveData } from '../../save/types.js';

export const DAY = 86_400_000;
/** 2024-01-01T00:00:00Z: fixture times are offsets from here. */
export const T0 = Date.UTC(2024, 0, 1);
/** The build clock of the fixtures: 2024-07-01T00:00:00Z. */
export const NOW = Date.UTC(2024, 6, 1);
/** One hour of play, in ticks: enough to be ranked at the default 60 minutes. */
export const HOUR = 72_000;

/** A tiny stat catalogue with hand-checkable sources. */
export const tinyStats: readonly StatDefinition[] = [
  { id: 'play_time', title: 'Time Played', description: null, unit: 'ticks', category: 'time',
    sources: [{ type: 'minecraft:custom', keys: ['minecraft:play_time', 'minecraft:play_one_minute'] }] },
  { id: 'jump', title: 'Jumps', description: 'Times jumped', unit: 'int', category: 'general',
    sources: [{ type: 'minecraft:custom', keys: ['minecraft:jump'] }] },
  { id: 'deaths', title: 'Deaths', description: null, unit: 'int', category: 'combat',
    sources: [{ type: 'minecraft:custom', keys: ['minecraft:deaths'] }] },
  { id: 'walk_one_cm', title: 'Distance Walked', description: null, unit: 'cm', category: 'distance',
    sources: [{ type: 'minecraft:custom', keys: ['minecraft:walk_one_cm'] }] },
  { id: 'mined_total', title: 'Blocks Mined', description: 'Every block', unit: 'int', category: 'mining',
    sources: [{ type: 'minecraft:mined', allKeys: true }] },
];

/** `minecraft:custom` counters from short keys: `custom({ jump: 3 })`. */
export function custom(counters: Record<string, number>): PlayerSave['stats'] {
  return { 'minecraft:custom': Object.fromEntries(Object.entries(counters).map(([k, v]) => [`minecraft:${k}`, v])) };
}

/** A completed advancement whose criteria were obtained at the given times (the last = done time). */
export function done(id: string, ...times: number[]): AdvancementProgress {
  // Real criterion names where the game defines the advancement, so progress counts them.
  const names = findAdvancement(id)?.criteria ?? [];
  const criteria = Object.fromEntries(times.map((t, i) => [names[i] ?? `c${i}`, t]));
  return { id: ns(id), done: true, criteria, doneAt: times.length > 0 ? Math.max(...times) : null };
}

/** An unfinished advancement with named criteria obtained at the given times. */
export function partial(id: string, criteria: Record<string, number>): AdvancementProgress {
  return { id: ns(id), done: false, criteria, doneAt: null };
}

const ns = (id: string): string => (id.includes(':') ? id : `minecraft:${id}`);

/** A Java UUID from a small number, or a Floodgate (Bedrock) one when `bedrock` is set. */
export function uuid(n: number, bedrock = false): string {
  const tail = n.toString(16).padStart(12, '0');
  return bedrock ? `00000000-0000-0000-0009-${tail}` : `${n.toString(16).padStart(8, '0')}-aaaa-4aaa-8aaa-${tail}`;
}

export function player(fields: Partial<PlayerSave> & { uuid: string }): PlayerSave {
  const hasAdvancements = (fields.advancements?.length ?? 0) > 0;
  return {
    edition: fields.uuid.startsWith('00000000-0000-0000') ? 'bedrock' : 'java',
    name: null,
    nameSource: fields.name ? 'usercache' : null,
    stats: {},
    statsDataVersion: 3953,
    legacyStats: false,
    advancements: [],
    advancementsDataVersion: hasAdvancements ? 3953 : null,
    recipes: { count: 0, earliest: null },
    lastOnline: NOW - DAY,
    lastOnlineSource: 'paper',
    firstPlayed: null,
    playerDataVersion: 3953,
    files: {
      stats: `world/stats/${fields.uuid}.json`,
      advancements: hasAdvancements ? `world/advancements/${fields.uuid}.json` : null,
      playerdata: `world/playerdata/${fields.uuid}.dat`,
    },
    newestMtime: NOW - DAY,
    oldestMtime: NOW - DAY,
    ...fields,
  };
}

export function save(players: PlayerSave[], fields: Partial<SaveData> = {}): SaveData {
  return {
    root: '/srv/mc',
    world: '/srv/mc/world',
    levelName: 'world',
    serverProperties: {},
    floodgatePrefix: '.',
    players: [...players].sort((a, b) => (a.uuid < b.uuid ? -1 : 1)),
    dataVersions: [3953],
    mods: [],
    warnings: [],
    ...fields,
  };
}
