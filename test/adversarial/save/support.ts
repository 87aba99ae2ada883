// What the save-side adversarial tests share: a small generated server directory, `blockstats
// serve` as a child process (the configuration users run, from the sources), a normal client
// probing it throughout, and the child's resident memory. Loopback only; every wait is bounded.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import nbt from 'prismarine-nbt';
import { REPO_ROOT } from '../../support/repo.js';
export { getJson } from '../../support/getJson.js';
export { until } from '../../support/until.js';

export const uuid = (i: number): string => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** Fresh folders and child processes, removed and killed by `cleanUp`. */
const work: string[] = [];
const children = new Set<ChildProcess>();
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `blockstats-adv-${prefix}-`));
  work.push(dir);
  return dir;
}
/** Kills every child still running (a failed assertion leaves them behind) and removes the folders. */
export function cleanUp(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
  for (const dir of work.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** One player's stats file as the game writes it. */
export function statsJson(i: number, extra: Record<string, number> = {}): string {
  return JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:play_time': 72_000 + i, 'minecraft:deaths': 17, 'minecraft:jump': 100 + i, ...extra } }, DataVersion: 3953 });
}

/** A player's gzipped `.dat`. */
export function playerDat(name: string): Buffer {
  const root = { type: 'compound', name: '', value: { DataVersion: { type: 'int', value: 3953 }, bukkit: { type: 'compound', value: { lastKnownName: { type: 'string', value: name } } } } };
  return gzipSync(nbt.writeUncompressed(root as nbt.NBT, 'big'));
}

/** A server directory of `players` players (stats, advancements, playerdata each), a usercache and server.properties. */
export function makeServer(players: number): string {
  const server = join(tempDir('server'), 'server');
  for (const part of ['stats', 'advancements', 'playerdata']) mkdirSync(join(server, 'world', part), { recursive: true });
  writeFileSync(join(server, 'server.properties'), 'level-name=world\n');
  writeFileSync(join(server, 'usercache.json'), JSON.stringify(Array.from({ length: players }, (_, i) => ({ name: `Player${i}`, uuid: uuid(i), expiresOn: '2027-01-01 00:00:00 +0000' }))));
  for (let i = 0; i < players; i++) {
    writeFileSync(join(server, 'world', 'stats', `${uuid(i)}.json`), statsJson(i));
    writeFileSync(join(server, 'world', 'advancements', `${uuid(i)}.json`), JSON.stringify({ 'minecraft:story/root': { criteria: { crafting_table: '2026-05-01 18:03:11 +0000' }, done: true }, DataVersion: 3953 }));
    writeFileSync(join(server, 'world', 'playerdata', `${uuid(i)}.dat`), playerDat(`Player${i}`));
  }
  return server;
}

/** A configuration file: offline, 1-second pulls, plus `extra`. */
export function writeConfig(dir: string, extra: Record<string, unknown> = {}): string {
  const path = join(dir, 'blockstats.json');
  writeFileSync(path, JSON.stringify({ skins: { enabled: false }, modrinth: { enabled: false }, schedule: { refresh: '1s' }, ...extra }));
  return path;
}

export interface LogLine {
  level: string;
  event: string;
  [key: string]: unknown;
}

/** A running `blockstats serve`. */
export interface Served {
  child: ChildProcess;
  url: string;
  lines: LogLine[];
  waitForLine(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

/** Runs the CLI (from the sources, as `npm start` does) with `args`; resolves once it logs `listening` when `listens`. */
export function runCli(args: string[]): { child: ChildProcess; lines: LogLine[]; stdout(): string; stderr(): string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', join(REPO_ROOT, 'packages/cli/src/bin.ts'), ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  children.add(child);
  const lines: LogLine[] = [];
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk) => (err += String(chunk)));
  createInterface({ input: child.stdout! }).on('line', (text) => {
    out += `${text}\n`;
    try {
      lines.push(JSON.parse(text) as LogLine);
    } catch {
      lines.push({ level: 'text', event: 'text', text });
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once('exit', (code, signal) => done({ code, signal })));
  return { child, lines, stdout: () => out, stderr: () => err, exited };
}

export async function startServe(args: string[]): Promise<Served> {
  const run = runCli(['serve', '--host', '127.0.0.1', '--port', '0', ...args]);
  const waitForLine = async (match: (line: LogLine) => boolean, timeoutMs = 30_000): Promise<LogLine> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = run.lines.find(match);
      if (found) return found;
      if (run.child.exitCode !== null || run.child.signalCode !== null) throw new Error(`serve exited first; stderr: ${run.stderr()}`);
      if (Date.now() > deadline) throw new Error(`no matching log line in ${timeoutMs} ms; stderr: ${run.stderr()}; last lines: ${JSON.stringify(run.lines.slice(-5))}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const listening = await waitForLine((line) => line.event === 'listening');
  return { child: run.child, url: listening.url as string, lines: run.lines, waitForLine, exited: run.exited, stderr: run.stderr };
}

/** Resident memory of a process (MB), or null where /proc is not there. */
export function rssMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * A normal client: asks `path` every 100 ms until stopped, and notes every status, the slowest
 * answer and the child's highest resident memory seen.
 */
export function probe(url: string, pid: number, path = '/v1/players?limit=5'): { stop(): Promise<{ answers: number; failures: string[]; slowestMs: number; peakRssMb: number | null }> } {
  let running = true;
  let answers = 0;
  let slowestMs = 0;
  let peakRssMb: number | null = null;
  const failures: string[] = [];
  const loop = (async () => {
    while (running) {
      const begin = performance.now();
      try {
        const response = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        if (response.status !== 200) failures.push(`status ${response.status}`);
        else answers++;
      } catch (error) {
        failures.push((error as Error).message);
      }
      slowestMs = Math.max(slowestMs, performance.now() - begin);
      const rss = rssMb(pid);
      if (rss !== null) peakRssMb = Math.max(peakRssMb ?? 0, rss);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { answers, failures, slowestMs, peakRssMb };
    },
  };
}

/**
 * Bounds the probe's findings must hold. Generous on purpose (two shared cores; speed targets
 * live in benchmarks): they catch a server that hangs (a 20-minute freeze), fails requests or
 * balloons (GBs), not one that is a little slow.
 */
export const PROMPT_MS = 5_000;
export const RSS_BOUND_MB = 600;
