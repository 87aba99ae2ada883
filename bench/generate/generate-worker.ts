import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { networkPlayerPlan, playerFiles } from './player-files.js';

/** What the main thread asks one worker to write. */
export interface WriteTask {
  world: string;
  seed: number;
  /** Player indices to write. */
  indices: number[];
  version: number;
  /** The network's seed for who the players are (bench/generate/generate-network.ts). */
  identitySeed?: number;
}

/** Bytes written by kind. */
export interface WriteTotals {
  stats: number;
  advancements: number;
  playerdata: number;
}

/** Writes the files of the given players at the given version and stamps their mtimes. */
export function writePlayers(task: WriteTask): WriteTotals {
  const totals: WriteTotals = { stats: 0, advancements: 0, playerdata: 0 };
  for (const index of task.indices) {
    const { uuid } = networkPlayerPlan(task.seed, index, task.identitySeed);
    const files = playerFiles(task.seed, index, task.version, task.identitySeed);
    const time = new Date(files.mtime);
    const write = (folder: 'stats' | 'advancements' | 'playerdata', name: string, data: string | Buffer): number => {
      const path = join(task.world, folder, name);
      writeFileSync(path, data);
      utimesSync(path, time, time);
      return typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    };
    totals.stats += write('stats', `${uuid}.json`, files.stats);
    totals.advancements += write('advancements', `${uuid}.json`, files.advancements);
    totals.playerdata += write('playerdata', `${uuid}.dat`, files.playerdata);
  }
  return totals;
}

if (parentPort && workerData) {
  parentPort.postMessage(writePlayers(workerData as WriteTask));
}
