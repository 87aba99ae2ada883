import type { StatCounters } from './types.js';
import {
  LEGACY_CUSTOM_STATS,
  LEGACY_DROPPED_IDS,
  LEGACY_ENTITY_IDS,
  LEGACY_ENTITY_STAT_TYPES,
  LEGACY_REGISTRY_STAT_TYPES,
  LEGACY_RENAMED_IDS,
} from './legacy-stat-ids.js';
import { MAX_STAT_KEYS, MAX_STAT_TYPES } from './read-limits.js';
import { renameStatIds } from './rename-stat-ids.js';
import { isRecord, parseJsonObject } from './parse-json-object.js';

/** What the reader keeps of one `stats/<uuid>.json`. */
export interface StatsFileSummary {
  stats: StatCounters;
  /** `DataVersion`, or null (pre-1.13 files have none). */
  dataVersion: number | null;
  /** True for the pre-1.13 flat `stat.*` format. */
  legacy: boolean;
}

/** Table lookup that never lands on `Object.prototype` (a key may be `constructor`). */
function lookup(table: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

function dataVersionOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** Sets an own property, also for the key `__proto__` (which plain assignment would not create). */
function setOwn<T>(object: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/**
 * The finite numbers of one stat type's counters: the parsed object itself when it holds
 * nothing else (as the game writes them), else a copy without the rest. The summary is packed
 * at once (see `packStats`) and the parsed text dropped, so nothing is gained by copying: a copy
 * of every file's counters was ~40 % of a stats file's parse.
 */
function keepNumbers(counters: Record<string, unknown>): Record<string, number> {
  let numbers = true;
  for (const key in counters) {
    const value = counters[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      numbers = false;
      break;
    }
  }
  if (numbers) return counters as Record<string, number>;
  const kept: Record<string, number> = {};
  for (const key in counters) {
    const value = counters[key];
    if (typeof value === 'number' && Number.isFinite(value)) setOwn(kept, key, value);
  }
  return kept;
}

function add(stats: StatCounters, type: string, id: string, value: number): void {
  const counters = (stats[type] ??= {});
  counters[id] = (counters[id] ?? 0) + value;
}

/** `minecraft.stone` (a registry key with its namespace dot-separated) → `minecraft:stone`. */
function modernRegistryId(key: string): string | null {
  if (!key.startsWith('minecraft.')) return null; // modded (`ae2.…`): no modern vanilla id
  const name = key.slice('minecraft.'.length);
  if (name === '' || name.includes('.') || LEGACY_DROPPED_IDS.has(name)) return null;
  return `minecraft:${lookup(LEGACY_RENAMED_IDS, name) ?? name}`;
}

/** Maps one flat pre-1.13 key, e.g. `stat.mineBlock.minecraft.stone`, or gives null. */
function mapLegacyKey(key: string): [type: string, id: string] | null {
  const custom = lookup(LEGACY_CUSTOM_STATS, key);
  if (custom !== undefined) return ['minecraft:custom', custom];
  const second = key.indexOf('.', key.indexOf('.') + 1);
  if (second < 0) return null;
  const prefix = key.slice(0, second);
  const rest = key.slice(second + 1);
  const registryType = lookup(LEGACY_REGISTRY_STAT_TYPES, prefix);
  if (registryType !== undefined) {
    const id = modernRegistryId(rest);
    return id === null ? null : [registryType, id];
  }
  const entityType = lookup(LEGACY_ENTITY_STAT_TYPES, prefix);
  if (entityType !== undefined) {
    const id = lookup(LEGACY_ENTITY_IDS, rest);
    return id === undefined ? null : [entityType, id];
  }
  return null; // achievement.*, modded stat types
}

function readLegacy(file: Record<string, unknown>): StatCounters {
  const stats: StatCounters = {};
  for (const key in file) {
    const value = file[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const mapped = mapLegacyKey(key);
    if (mapped !== null) add(stats, mapped[0], mapped[1], value);
  }
  return stats;
}

function tooMany(count: number): string {
  return `${count.toLocaleString('en-US')} statistics, over the limit of ${MAX_STAT_KEYS.toLocaleString('en-US')} a file`;
}

/** Throws before anything is kept when the categories together hold over `MAX_STAT_KEYS` counters, or there are over `MAX_STAT_TYPES` of them. */
function refuseTooMany(raw: Record<string, unknown>): void {
  let count = 0;
  let types = 0;
  for (const type in raw) {
    const counters = raw[type];
    types++;
    if (isRecord(counters)) count += Object.keys(counters).length;
  }
  if (types > MAX_STAT_TYPES) throw new Error(`${types.toLocaleString('en-US')} statistic types, over the limit of ${MAX_STAT_TYPES.toLocaleString('en-US')} a file`);
  if (count > MAX_STAT_KEYS) throw new Error(tooMany(count));
}

function readModern(raw: Record<string, unknown>): StatCounters {
  const stats: StatCounters = {};
  for (const type in raw) {
    const counters = raw[type];
    if (isRecord(counters)) setOwn(stats, type, keepNumbers(counters));
  }
  return stats;
}

/**
 * Reads the text of a `stats/<uuid>.json`: the 1.13+ nested format (compact or pretty-printed),
 * whose ids the game renamed since the file's `DataVersion` are given their current names (a
 * 1.15 `minecraft:zombie_pigman` is `minecraft:zombified_piglin`; see `renameStatIds`), or the
 * pre-1.13 flat `stat.*` format, whose keys are mapped to current ids where they map one-to-one
 * (`stat.walkOneCm` → `minecraft:custom`/`minecraft:walk_one_cm`); `achievement.*`, modded and
 * ambiguous keys are dropped. Values that are not finite numbers are ignored.
 * Throws an `Error` whose message is the reason when the text is not a stats file.
 *
 * @example
 * parseStatsFile('{"stats":{"minecraft:custom":{"minecraft:jump":42}},"DataVersion":4671}');
 * // { stats: { 'minecraft:custom': { 'minecraft:jump': 42 } }, dataVersion: 4671, legacy: false }
 */
export function parseStatsFile(text: string): StatsFileSummary {
  const file = parseJsonObject(text);
  if ('stats' in file) {
    if (!isRecord(file.stats)) throw new Error('"stats" is not an object');
    refuseTooMany(file.stats);
    const dataVersion = dataVersionOf(file.DataVersion);
    return { stats: renameStatIds(readModern(file.stats), dataVersion), dataVersion, legacy: false };
  }
  const keys = Object.keys(file);
  const legacy = keys.some((key) => key.startsWith('stat.') || key.startsWith('achievement.'));
  if (!legacy && keys.some((key) => key !== 'DataVersion')) {
    throw new Error('neither the 1.13+ "stats" object nor pre-1.13 "stat.*" keys');
  }
  if (keys.length > MAX_STAT_KEYS) throw new Error(tooMany(keys.length));
  return { stats: legacy ? readLegacy(file) : {}, dataVersion: dataVersionOf(file.DataVersion), legacy };
}
