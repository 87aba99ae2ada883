import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Load generation for the API benchmark: wrk (a compiled client, Debian package `wrk`), pinned
// to its own core, with the `bench/wrk/clients.lua` script (distinct client addresses through
// X-Forwarded-For, an optional header on every request, exact counts at the end).

const SCRIPT = fileURLToPath(new URL('../wrk/clients.lua', import.meta.url));
const RESULT = 'WRK_RESULT ';

/** One wrk run. */
export interface WrkRun {
  url: string;
  /** The core wrk is pinned to. */
  core: number;
  connections: number;
  durationSec: number;
  /** Distinct X-Forwarded-For addresses cycled through. */
  addresses: number;
  /** One extra request header, e.g. `['If-None-Match', '"abc"']`. */
  header?: [string, string];
}

/** What a wrk run measured. */
export interface WrkResult {
  requests: number;
  durationMs: number;
  rps: number;
  bytes: number;
  /** Responses with a status ≥ 400 (wrk's count). */
  statusErrors: number;
  /** Connect, read, write and timeout errors. */
  socketErrors: number;
  /** Latency percentiles in ms (wrk's HdrHistogram). */
  p50: number;
  p90: number;
  p99: number;
  p999: number;
}

interface WrkReport {
  requests: number;
  duration_us: number;
  bytes: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  latency_us: { p50: number; p90: number; p99: number; p999: number };
}

/** Runs wrk once (one thread on `core`) and returns what it measured; a failed run throws. */
export function runWrk(run: WrkRun): Promise<WrkResult> {
  const args = [
    '-c', String(run.core), 'wrk', '-t1', `-c${run.connections}`, `-d${run.durationSec}s`, '--timeout', '10s',
    '-s', SCRIPT, run.url, '--', String(run.addresses), ...(run.header ?? []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('taskset', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(RESULT));
      if (code !== 0 || line === undefined) {
        reject(new Error(`wrk ${run.url} failed (exit ${code}):\n${(out + err).slice(-2000)}`));
        return;
      }
      const report = JSON.parse(line.slice(RESULT.length)) as WrkReport;
      const { errors, latency_us: latency } = report;
      resolve({
        requests: report.requests,
        durationMs: report.duration_us / 1000,
        rps: report.requests / (report.duration_us / 1e6),
        bytes: report.bytes,
        statusErrors: errors.status,
        socketErrors: errors.connect + errors.read + errors.write + errors.timeout,
        p50: latency.p50 / 1000,
        p90: latency.p90 / 1000,
        p99: latency.p99 / 1000,
        p999: latency.p999 / 1000,
      });
    });
  });
}
