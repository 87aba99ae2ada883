import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

// Which core the server under test gets and which the load generator gets, and how much CPU a
// process used: the API benchmark pins each side to its own core with `taskset`, so neither
// steals the other's, and reports the server's CPU time per request beside its throughput.

/** The cores of the API benchmark: `server` runs the server under test, `client` runs wrk. */
export interface CorePlan {
  server: number;
  client: number;
}

/**
 * Parses `--cpus server,client` (default `0,1`). Throws on a core the machine does not have, or
 * when both sides would share one.
 */
export function corePlan(text: string | undefined): CorePlan {
  const cores = availableParallelism();
  const [server, client] = (text ?? '0,1').split(',').map((part) => Number(part.trim()));
  const valid = (n: number | undefined): n is number => n !== undefined && Number.isInteger(n) && n >= 0 && n < cores;
  if (!valid(server) || !valid(client) || server === client) {
    throw new Error(`--cpus: "${text ?? '0,1'}" is not two different cores of this machine's ${cores} (e.g. 0,1): the server and wrk each need their own`);
  }
  return { server, client };
}

/** Throws with an install hint when a command the benchmark runs is missing. */
export function requireCommand(command: string, install: string): void {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  if (found.status !== 0) throw new Error(`${command} is not installed: ${install}`);
}

/** Pins every thread of a running process (and the threads it starts later) to one core. */
export function pinProcess(pid: number, core: number): void {
  const result = spawnSync('taskset', ['-a', '-p', '-c', String(core), String(pid)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`taskset could not pin process ${pid} to core ${core}: ${result.stderr.trim()}`);
}

let ticksPerSecond: number | null = null;

/** The kernel's clock ticks per second (`getconf CLK_TCK`, 100 almost everywhere). */
function clockTicks(): number {
  if (ticksPerSecond === null) {
    const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim();
    ticksPerSecond = Number(out) > 0 ? Number(out) : 100;
  }
  return ticksPerSecond;
}

/** CPU time (user + system, every thread) a process has used so far, in ms, from /proc. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), counted from field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) / clockTicks()) * 1000;
}

/**
 * Waits until a process is idle (under 5 % of a core over each of `quietSeconds` seconds in a
 * row), or `timeoutMs` passed: as `blockstats serve` is between pulls, once the background work
 * of its last pull (snapshot.json, the last-good store's writes of every player after a start)
 * is done. Resolves with whether it went idle (false: the time ran out).
 */
export async function waitIdle(pid: number, timeoutMs = 180_000, quietSeconds = 1): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  for (;;) {
    const before = processCpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    quiet = processCpuMs(pid) - before <= 50 ? quiet + 1 : 0;
    if (quiet >= quietSeconds) return true;
    if (Date.now() > deadline) return false;
  }
}
