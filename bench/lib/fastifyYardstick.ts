import { spawn } from 'node:child_process';
import { closeSync } from 'node:fs';
import { join } from 'node:path';
import { childArgv } from './child.js';
import { pinProcess } from './cores.js';
import { openLogPipe, waitForLine, type LogCount } from './logPipe.js';
import { stopChild } from './stopChild.js';

// Starts the API benchmark's yardstick (bench/children/fastify-server.ts: Fastify 5,
// @fastify/rate-limit, its pino request log) with its stdout in the same log pipe as
// `blockstats serve`'s, pinned to the server core.

/** A running Fastify yardstick. */
export interface FastifyYardstick {
  url: string;
  pid: number;
  /** Its request log since the last call, by status (see `LogPipe.take`). */
  takeLog(expected: number): Promise<LogCount>;
  stop(): Promise<void>;
}

export interface FastifySpec {
  /** The recorded responses (bench/children/api-server.ts's `RecordedResponse[]` as JSON). */
  responsesFile: string;
  workDir: string;
  /** The reverse proxy it trusts for X-Forwarded-For. */
  trustedProxy: string;
  /** Distinct clients its rate limiter must hold. */
  clients: number;
  serverCore: number;
  logCore: number;
}

/** Fastify's answered-request line (`"msg":"request completed"`), its status captured. */
const COMPLETED_LINE = /"res":\{"statusCode":(\d+)\}/;
/** Fastify's `Server listening at <url>` line. */
const LISTENING_LINE = /"msg":"Server listening at (http:\/\/[^"]+)"/;

/** Starts the yardstick and resolves once it listens. */
export async function startFastify(spec: FastifySpec): Promise<FastifyYardstick> {
  const pipe = openLogPipe(join(spec.workDir, 'api-fastify'), spec.logCore);
  const argv = [...childArgv('fastify-server'), spec.responsesFile, spec.trustedProxy, String(spec.clients)];
  const server = spawn(process.execPath, argv, { stdio: ['ignore', pipe.fd, 'pipe'] });
  closeSync(pipe.fd);
  let stderr = '';
  server.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (server.exitCode === null && server.signalCode === null) await stopChild(server, exited, 5_000);
    await pipe.close();
  };
  try {
    const url = await waitForLine(pipe, (line) => LISTENING_LINE.exec(line)?.[1] ?? null, 60_000, () => (server.exitCode !== null ? `the Fastify yardstick exited (${server.exitCode}):\n${stderr}` : null));
    pinProcess(server.pid as number, spec.serverCore);
    return { url, pid: server.pid as number, takeLog: (expected) => pipe.take(expected, COMPLETED_LINE), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
