import type { ChildProcessByStdio } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { processCpuMs } from './lib/cores.js';
import { eachLine } from './lib/eachLine.js';
import type { PullLine } from './pullLine.js';

/** A good pull line with the time it arrived and the server's CPU time then. */
export interface ArrivedPull {
  entry: PullLine;
  arrived: number;
  cpuMs: number;
}

/** What `blockstats serve` logged so far, and a wait for its next good pull. */
export interface PullLog {
  /** Good pull lines with the time their line arrived. */
  lines: ArrivedPull[];
  persisted: PullLine[];
  lastGoodLines: PullLine[];
  /** The good pull line at index `after`, once it arrived; throws on a failed pull, an exit or the timeout. */
  nextPull(after: number, timeoutMs: number): Promise<ArrivedPull>;
}

/** Follows a `blockstats serve` child's log (stdout) and keeps the end of its stderr for errors. */
export function pullLog(child: ChildProcessByStdio<null, Readable, Readable>): PullLog {
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const lines: ArrivedPull[] = [];
  const persisted: PullLine[] = [];
  const lastGoodLines: PullLine[] = [];
  let failure: string | null = null;
  /** Files the servers of a network parsed and reused since the last network pull line. */
  let serverFiles = { parsed: 0, reused: 0 };
  const waiters: Array<() => void> = [];
  // BENCH_SERVE_LOG names a file the server's whole log is appended to (its steps' timings, say).
  const copyTo = process.env.BENCH_SERVE_LOG;
  eachLine(child.stdout, (text) => {
    if (copyTo) appendFileSync(copyTo, `${text}\n`);
    if (text.includes('"event":"snapshot_persisted"')) persisted.push(JSON.parse(text) as PullLine);
    if (text.includes('"event":"last_good_written"')) lastGoodLines.push(JSON.parse(text) as PullLine);
    if (!text.includes('"event":"pull"')) return;
    const entry = JSON.parse(text) as PullLine;
    if (entry.server !== undefined) {
      // A network server's own pull: its files count towards the network pull whose line follows.
      serverFiles = { parsed: serverFiles.parsed + (entry.files_parsed ?? 0), reused: serverFiles.reused + (entry.files_reused ?? 0) };
      return;
    }
    if (entry.network) {
      Object.assign(entry, { files_parsed: serverFiles.parsed, files_reused: serverFiles.reused });
      serverFiles = { parsed: 0, reused: 0 };
    }
    if (entry.ok) lines.push({ entry, arrived: Date.now(), cpuMs: child.exitCode === null ? processCpuMs(child.pid as number) : Number.NaN });
    else failure = entry.error ?? 'pull failed';
    for (const wake of waiters.splice(0)) wake();
  });
  const nextPull = async (after: number, timeoutMs: number): Promise<ArrivedPull> => {
    const deadline = Date.now() + timeoutMs;
    while (lines.length <= after) {
      if (failure) throw new Error(`a pull failed: ${failure}`);
      if (child.exitCode !== null) throw new Error(`blockstats serve exited (${child.exitCode}):\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`blockstats serve: no pull within ${timeoutMs} ms:\n${stderr}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 500);
      });
    }
    return lines[after]!;
  };
  return { lines, persisted, lastGoodLines, nextPull };
}
