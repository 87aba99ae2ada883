// The truth the history tests compare against, computed from the generated history's daily
// files alone (each player's values at the first reading and the end of every server day), never
// from the history's own reader: shared by the period board and the crowns tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSnapshot, type SaveData, type Snapshot } from '../packages/core/src/index.js';
import type { DemoHistorySummary } from './generate-demo-history.js';

type Values = Record<string, number>;

/**
 * gains[day][uuid][stat]: each day's end against the day before (or the first reading), with
 * `toValues` turning a daily file's values into the ones compared; a value that went down is a
 * new start, so that day gains nothing in it.
 */
export function dailyGains(dir: string, stats: readonly string[], toValues: (values: Values) => Values = (values) => values): Map<number, Record<string, Values>> {
  const gains = new Map<number, Record<string, Values>>();
  const previous: Record<string, Values> = {};
  for (const file of readdirSync(join(dir, 'daily')).sort()) {
    const { day, first, end } = JSON.parse(readFileSync(join(dir, 'daily', file), 'utf8')) as { day: number; first: Record<string, Values>; end: Record<string, Values> };
    for (const [uuid, values] of Object.entries(first)) previous[uuid] = toValues(values);
    const today: Record<string, Values> = {};
    for (const [uuid, raw] of Object.entries(end)) {
      const values = toValues(raw);
      today[uuid] = Object.fromEntries(stats.map((s) => [s, Math.max(0, values[s]! - previous[uuid]![s]!)]));
      previous[uuid] = values;
    }
    gains.set(day, today);
  }
  return gains;
}

/** The snapshot of the generated save, on the day after its last, with its hidden player hidden. */
export function historySnapshot(dir: string, summary: DemoHistorySummary): Snapshot {
  const save = { root: dir, world: join(dir, 'world'), levelName: 'world', serverProperties: {}, floodgatePrefix: '.', players: summary.players, dataVersions: [3953], mods: [], warnings: [] } as unknown as SaveData;
  return buildSnapshot(save, { now: (summary.lastDay + 1) * 86_400_000, players: { hide: [summary.hidden] } });
}
