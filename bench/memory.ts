import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchSave } from './generate/generate-save.js';
import { eachLine } from './lib/eachLine.js';
import { procStatusMb } from './lib/procStatusMb.js';
import { stopChild } from './lib/stopChild.js';
import { REPO, runtimeSpec, type Runtime } from './lib/runtime.js';

// Peak RSS of `blockstats serve`: first pull, a second (cached) pull, then a spread of requests;
// VmHWM from /proc is the peak. Skins, Modrinth and the status ping are off, so nothing leaves
// the machine. By default the CLI runs the way `npx blockstats serve` runs it (the tsup build,
// plain `node`); `--runtime tsx` runs the TypeScript sources through tsx as `npm start` does,
// which adds tsx and esbuild's own memory.

export interface MemoryResult {
  players: number;
  runtime: Runtime;
  /** What ran, for the table: "built CLI, node" or "sources, node --import tsx". */
  runtimeLabel: string;
  /** What the baseline is, for the table. */
  baselineLabel: string;
  /** The command line of the measured server (node flags and entry file). */
  command: string;
  /** Peak RSS (VmHWM) over start, two pulls and the requests, in MB. */
  peakMb: number;
  /** RSS after the requests, in MB. */
  rssMb: number;
  /** Peak RSS of the same runtime (same flags) running an empty script: the runtime's share. */
  baselineMb: number;
  /** Duration of the first pull as the server logged it, in ms. */
  firstPullMs: number | null;
  /** Duration of the second (cached) pull, in ms. */
  secondPullMs: number | null;
  requests: number;
}

/**
 * Peak RSS of the runtime (same flags) running an empty script: what it costs before any data.
 * The least of three runs, measured before the server starts: a start-up while another large
 * process runs measured up to twice as much on this machine (transparent huge pages).
 */
async function baselineMb(flags: readonly string[]): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) runs.push(await baselineRun(flags));
  return Math.min(...runs);
}

function baselineRun(flags: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...flags, '--input-type=module', '-e', "process.stdout.write(String(process.resourceUsage().maxRSS))"], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 && out !== '' ? resolve(Number(out) / 1024) : reject(new Error(`baseline node ${flags.join(' ')} failed (exit ${code})`))));
  });
}

export async function memoryBench(save: BenchSave, workDir: string, runtime: Runtime, log: (line: string) => void): Promise<MemoryResult> {
  const spec = runtimeSpec(runtime);
  const baseline = await baselineMb(spec.flags);
  const dataDir = join(workDir, `serve-data-${save.players}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const config = join(workDir, 'serve-config.json');
  writeFileSync(config, JSON.stringify({ skins: { enabled: false }, modrinth: { enabled: false } }));
  const argv = [...spec.flags, spec.entry, 'serve', '--server', save.dir, '--data', dataDir, '--config', config, '--host', '127.0.0.1', '--port', '0', '--refresh', '5s', '--rate-limit', '0', '--verbose'];
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const pulls: number[] = [];
  let url: string | null = null;
  const waiters: Array<() => void> = [];
  eachLine(child.stdout, (line) => {
    let entry: { event?: string; url?: string; ok?: boolean; duration_ms?: number };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return;
    }
    if (entry.event === 'pull' && entry.ok) pulls.push(entry.duration_ms ?? Number.NaN);
    if (entry.event === 'listening' && entry.url) url = entry.url;
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const until = async (condition: () => boolean, what: string, timeoutMs = 900_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (child.exitCode !== null) throw new Error(`blockstats serve exited (${child.exitCode}) while waiting for ${what}:\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`blockstats serve: no ${what} within ${timeoutMs} ms:\n${stderr}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 500);
      });
    }
  };
  try {
    log(`  memory ${save.players}: blockstats serve (${spec.label}), first pull …`);
    await until(() => url !== null, 'listening line');
    await until(() => pulls.length >= 2, 'second pull');
    // A spread of pages: leaderboards, profiles, badges, lists (each renders and is memoised).
    const base = url as unknown as string;
    const players = (await (await fetch(`${base}/v1/players?limit=100&sort=name`, { headers: { connection: 'close' } })).json()) as { data: Array<{ name: string | null; uuid: string }> };
    const paths = ['/v1/stats', '/v1/totals', '/v1/advancements', '/v1/hall-of-fame', '/v1/feed', '/v1/server'];
    for (const stat of ['play_time', 'jump', 'deaths', 'walk_one_cm', 'mined_total', 'killed_zombie']) paths.push(`/v1/stats/${stat}`, `/v1/stats/${stat}?offset=50`);
    for (const p of players.data) paths.push(`/v1/players/${p.uuid}`, `/v1/players/${p.uuid}/stats`, `/v1/players/${p.uuid}/advancements`, `/v1/badge/player/${p.uuid}.svg`);
    let requests = 1;
    for (const path of paths) {
      // A pull blocks the server's event loop while it builds the snapshot (seconds at 50k
      // players); a keep-alive connection it closed meanwhile fails once: retry as clients do.
      for (let attempt = 1; ; attempt++) {
        try {
          const response = await fetch(base + path);
          await response.arrayBuffer();
          break;
        } catch (error) {
          if (attempt >= 3 || child.exitCode !== null) throw new Error(`GET ${path}: ${(error as Error).message}\n${stderr}`, { cause: error });
        }
      }
      requests++;
    }
    const peakMb = procStatusMb(child.pid as number, 'VmHWM');
    const rssMb = procStatusMb(child.pid as number, 'VmRSS');
    return {
      players: save.players,
      runtime,
      runtimeLabel: spec.label,
      baselineLabel: spec.baselineLabel,
      command: ['node', ...spec.flags, spec.entry.slice(REPO.length)].join(' '),
      peakMb,
      rssMb,
      baselineMb: baseline,
      firstPullMs: pulls[0] ?? null,
      secondPullMs: pulls[1] ?? null,
      requests,
    };
  } finally {
    await stopChild(child, exited);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
