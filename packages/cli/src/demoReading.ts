import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './commands/serve.js';
import { demoClock } from './demo-clock.js';

/** How an offline command reads the bundled demo server: its data directory and clock. */
export interface DemoReading {
  dataDir: string;
  clock?: () => number;
}

/**
 * For the bundled demo server of a checkout (`--server examples/demo-server`), read offline: the
 * data directory `npm start` fills (or, before it ever ran, the prepared `examples/demo-record`,
 * only read) and the demo clock, so period and activity answers are the ones `npm start` gives
 * (the demo's record and stat history end on a fixed date). Any other server: as it is.
 */
export async function demoReading(serverDir: string, dataDir: string, dataGiven: boolean): Promise<DemoReading> {
  const repo = repoRoot();
  if (!repo || serverDir !== join(repo, 'examples', 'demo-server')) return { dataDir };
  const prepared = join(repo, 'examples', 'demo-record');
  const dir = !dataGiven && !existsSync(join(dataDir, 'record')) && existsSync(join(prepared, 'record')) ? prepared : dataDir;
  if (!existsSync(join(dir, 'record'))) return { dataDir };
  return { dataDir: dir, clock: await demoClock(dir, 15 * 60_000) };
}
