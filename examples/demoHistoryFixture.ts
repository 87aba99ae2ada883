// The setup the history tests share: a generated history in a temporary folder, opened by the
// history's reader, with the truth to compare against from its daily files (demoHistoryTruth.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Snapshot } from '../packages/core/src/index.js';
import { openStatHistory, type StatHistoryLog } from '../packages/core/src/node.js';
import { dailyGains, historySnapshot } from './demoHistoryTruth.js';
import { generateDemoHistory, type DemoHistoryOptions, type DemoHistorySummary } from './generate-demo-history.js';

/** A generated history, read both ways. Remove `dir` after the tests. */
export interface DemoHistoryFixture {
  dir: string;
  summary: DemoHistorySummary;
  /** The history as blockstats opens it. */
  log: StatHistoryLog;
  /** The snapshot of the history's last day (see historySnapshot). */
  snapshot: Snapshot;
  /** From the daily files alone: gains[day][uuid][stat] (see dailyGains). */
  gains: Map<number, Record<string, Record<string, number>>>;
}

/**
 * Generates a history (`options`, into a new temporary folder named after `name`) and reads it
 * both ways, the daily files' gains in `stats` through `toValues` (see dailyGains).
 */
export async function demoHistoryFixture(
  name: string,
  options: Omit<DemoHistoryOptions, 'data'>,
  stats: readonly string[],
  toValues?: Parameters<typeof dailyGains>[2],
): Promise<DemoHistoryFixture> {
  const dir = mkdtempSync(join(tmpdir(), `blockstats-${name}-`));
  const summary = await generateDemoHistory({ ...options, data: dir });
  const gains = dailyGains(dir, stats, toValues);
  const log = await openStatHistory(dir);
  return { dir, summary, log, snapshot: historySnapshot(dir, summary), gains };
}
