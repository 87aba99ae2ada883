import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { changedPlayers, type BenchSave } from './generate/generate-save.js';
import { waitIdle } from './lib/cores.js';
import { eachLine } from './lib/eachLine.js';
import { runtimeSpec, type Runtime } from './lib/runtime.js';
import { stopChild } from './lib/stopChild.js';
import { pullRefreshMs, writePlayers } from './pull.js';

// The first view after a pull (issue 42): `blockstats serve` with its defaults pulls a save of
// which 1 % of the players changed, and then a visitor asks for each page kind, API answer and
// card once, one after the other, as they would meet them: each answer's time is that of the
// first request of its URL for the new generation (nothing warmed by the bench), then of a
// second request (the memo's). Repeated for `rounds` pulls; medians are reported. Beside each
// first request's wall time: the server's CPU meanwhile (Linux schedstat), its main thread's
// and its other threads' (parse and PNG workers, libuv's pool: compression, gzip of the last-good
// store), which unlike the wall time does not count the machine's other load.

/** One URL a visitor asks for. */
export interface View {
  id: string;
  path: string;
  headers?: Record<string, string>;
}

/** A view's times over the rounds. */
export interface ViewTimes extends View {
  status: number;
  bytes: number;
  firstMs: number[];
  cachedMs: number[];
  /** The server's main thread's CPU milliseconds during each first request. */
  mainCpuMs: number[];
  /** Its other threads' CPU milliseconds during each first request. */
  otherCpuMs: number[];
}

export interface FirstViewResult {
  players: number;
  runtimeLabel: string;
  command: string;
  /** The player whose pages are asked for: the middle of the play-time board. */
  player: string;
  views: ViewTimes[];
}

/** Every page kind, API answer and card, for `player` (a name). */
export function firstViews(player: string): View[] {
  const name = encodeURIComponent(player);
  return [
    { id: 'site: home', path: '/' },
    { id: 'site: activity', path: '/activity' },
    { id: 'site: players', path: '/players' },
    { id: 'site: stats', path: '/stats' },
    { id: 'site: leaderboard', path: '/stats/play_time' },
    { id: 'site: profile', path: `/players/${name}` },
    { id: 'site: advancements', path: '/advancements' },
    { id: 'site: hall of fame', path: '/hall-of-fame' },
    { id: 'site: totals', path: '/totals' },
    { id: 'site: events', path: '/events' },
    { id: 'api: server', path: '/v1/server' },
    { id: 'api: leaderboard', path: '/v1/stats/play_time' },
    { id: 'api: profile', path: `/v1/players/${name}` },
    { id: 'api: badge (SVG)', path: `/v1/badge/player/${name}.svg` },
    { id: 'api: card (PNG)', path: `/v1/card/player/${name}.png` },
  ];
}

/** CPU milliseconds so far of a process's main thread and of its other threads (Linux schedstat; NaN elsewhere). */
export function threadCpuMs(pid: number): { main: number; others: number } {
  let main = Number.NaN;
  let others = 0;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      let ns = 0;
      try {
        ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        continue; // the thread ended meanwhile
      }
      if (Number(tid) === pid) main = ns / 1e6;
      else others += ns / 1e6;
    }
  } catch {
    return { main: Number.NaN, others: Number.NaN };
  }
  return { main, others };
}

/**
 * What a browser accepts (over HTTPS, as behind a TLS proxy): Brotli first. Node's fetch sends
 * only `gzip, deflate` over plain HTTP, which would leave the Brotli a visitor's page costs unmeasured.
 */
const BROWSER_ENCODINGS = 'gzip, deflate, br';

/** Milliseconds until the whole answer arrived, its status and size (decoded). */
async function timed(url: string, view: View): Promise<{ ms: number; status: number; bytes: number }> {
  const begin = performance.now();
  const response = await fetch(`${url}${view.path}`, { headers: { 'accept-encoding': BROWSER_ENCODINGS, ...view.headers } });
  const body = await response.arrayBuffer();
  return { ms: performance.now() - begin, status: response.status, bytes: body.byteLength };
}

/** A player in the middle of the play-time board (asked before the measured pulls). */
async function middlePlayer(url: string, players: number): Promise<string> {
  const response = await fetch(`${url}/v1/stats/play_time?limit=1&offset=${Math.floor(players / 4)}`);
  const text = await response.text();
  const name = /"name":"([^"]+)"/.exec(text)?.[1];
  if (!name) throw new Error(`no player in /v1/stats/play_time: ${text.slice(0, 300)}`);
  return name;
}

/**
 * `entry`: another build's CLI entry to run instead of this repository's (an alternating
 * before/after comparison, see bench/firstViewAlternate.ts).
 */
export async function firstViewBench(save: BenchSave, workDir: string, runtime: Runtime, rounds: number, log: (line: string) => void, entry?: string): Promise<FirstViewResult> {
  const spec = entry ? { ...runtimeSpec('node'), entry, label: `built CLI at ${entry}` } : runtimeSpec(runtime);
  const refreshMs = pullRefreshMs(save.players);
  const dataDir = join(workDir, `first-view-data-${save.players}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const config = join(workDir, 'first-view-config.json');
  writeFileSync(config, JSON.stringify({ skins: { enabled: false }, modrinth: { enabled: false } }));
  const argv = [...spec.flags, ...(process.env.FIRST_VIEW_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.FIRST_VIEW_PROF}`] : []), spec.entry, 'serve', '--server', save.dir, '--data', dataDir, '--config', config, '--host', '127.0.0.1', '--port', '0', '--refresh', `${refreshMs / 1000}s`];
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let url: string | null = null;
  /** Good pulls: when their line arrived and how long they took. */
  const pulls: Array<{ arrived: number; durationMs: number }> = [];
  /** The `shared_prepared` lines' durations (what the server computes for the new state after a pull). */
  const prepared: number[] = [];
  /** Their steps' CPU milliseconds (`steps_cpu_ms`), as text. */
  const preparedSteps: string[] = [];
  /** When the background work after a pull logged its end: `shared_prepared`, `last_good_written`. */
  const ended: Array<{ event: string; arrived: number; durationMs: number }> = [];
  eachLine(child.stdout, (text) => {
    if (text.includes('"event":"listening"')) url = (JSON.parse(text) as { url: string }).url;
    if (text.includes('"event":"pull"') && text.includes('"ok":true')) pulls.push({ arrived: Date.now(), durationMs: (JSON.parse(text) as { duration_ms: number }).duration_ms });
    if (text.includes('"event":"shared_prepared"')) {
      const line = JSON.parse(text) as { duration_ms: number; steps_cpu_ms?: Record<string, number> };
      prepared.push(line.duration_ms);
      preparedSteps.push(line.steps_cpu_ms ? Object.entries(line.steps_cpu_ms).map(([step, ms]) => `${step} ${ms}`).join(', ') : '-');
    }
    for (const event of ['shared_prepared', 'last_good_written']) {
      if (text.includes(`"event":"${event}"`)) ended.push({ event, arrived: Date.now(), durationMs: (JSON.parse(text) as { duration_ms: number }).duration_ms });
    }
  });
  const until = async (done: () => boolean, timeoutMs: number, what: string): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (child.exitCode !== null) throw new Error(`blockstats serve exited (${child.exitCode}):\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`blockstats serve: no ${what} within ${timeoutMs} ms:\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  let version = 0;
  try {
    log(`  first view ${save.players}: blockstats serve (${spec.label}), --refresh ${refreshMs / 1000}s: first pull …`);
    await until(() => pulls.length > 0 && url !== null, 900_000, 'first pull');
    await waitIdle(child.pid as number);
    const player = await middlePlayer(url!, save.players);
    const views: ViewTimes[] = firstViews(player).map((view) => ({ ...view, status: 0, bytes: 0, firstMs: [], cachedMs: [], mainCpuMs: [], otherCpuMs: [] }));
    const changed = changedPlayers(save.players);
    for (let round = 1; round <= rounds; round++) {
      await waitIdle(child.pid as number);
      version++;
      await writePlayers(save, version);
      const written = Date.now();
      const seen = pulls.length;
      // The first pull that began after the writer finished.
      await until(() => pulls.slice(seen).some((p) => p.arrived - p.durationMs >= written), 4 * refreshMs, 'pull after the change');
      const pulled = pulls.at(-1)!.arrived;
      const after = Date.now() - pulled;
      for (const view of views) {
        const cpuBefore = threadCpuMs(child.pid as number);
        const first = await timed(url!, view);
        const cpuAfter = threadCpuMs(child.pid as number);
        view.mainCpuMs.push(cpuAfter.main - cpuBefore.main);
        view.otherCpuMs.push(cpuAfter.others - cpuBefore.others);
        view.firstMs.push(first.ms);
        view.status = first.status;
        view.bytes = first.bytes;
      }
      const viewed = Date.now() - pulled;
      for (const view of views) view.cachedMs.push((await timed(url!, view)).ms);
      const background = ended.filter((e) => e.arrived >= pulled - 50).map((e) => `${e.event} ${e.arrived - pulled} ms after it (took ${e.durationMs} ms)`).join(', ');
      const pull = pulls.at(-1)!.durationMs;
      const cpu = (n: number) => n.toFixed(1);
      log(`  first view ${save.players}: round ${round}/${rounds} (${changed.length} players changed, pull ${pull} ms, prepared ${prepared.at(-1) ?? '-'} ms; its steps' CPU ms: ${preparedSteps.at(-1) ?? '-'}; first request ${after} ms after the pull's line, the last answered ${viewed} ms after it; ${background || 'no background line'}): ${views.map((v) => `${v.id} ${Math.round(v.firstMs.at(-1)!)} (main ${cpu(v.mainCpuMs.at(-1)!)}, others ${cpu(v.otherCpuMs.at(-1)!)})`).join(', ')} ms`);
    }
    return {
      players: save.players,
      runtimeLabel: spec.label,
      command: ['node', ...spec.flags, 'packages/cli/…', 'serve', '--refresh', `${refreshMs / 1000}s`].join(' '),
      player,
      views,
    };
  } finally {
    await stopChild(child, exited);
    if (version > 0) await writePlayers(save, 0);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
