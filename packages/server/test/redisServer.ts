/**
 * A real `redis-server` (Debian package `redis-server`) for the tests of the Redis rate-limit
 * store: started on a free port with nothing persisted, stopped after. When it cannot start
 * (not installed), the reason comes back instead, for a loud skip.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.js';

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, then SIGKILL) and removes its folder. */
  stop(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open, nothing answers — a hung Redis. */
  pause(): void;
  /** Lets a paused process run again (SIGCONT). */
  resume(): void;
}

/** Waits for the line saying it accepts connections; rejects when it exits first. */
function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not become ready within 20 s:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}

/** Starts `redis-server` (on `port`, else a free one), or says why it could not. */
export async function startRedisServer(port?: number): Promise<RedisServer | { unavailable: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'blockstats-redis-'));
  for (let attempt = 1; attempt <= 3; attempt++) {
    port = port ?? (await freePort());
    const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await ready(child);
    } catch (error) {
      child.kill('SIGKILL');
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      // Another process took the port between the probe and the start: try another.
      if (!missing && attempt < 3 && /Address already in use/i.test((error as Error).message)) {
        port = undefined;
        continue;
      }
      await rm(dir, { recursive: true, force: true });
      return { unavailable: missing ? 'redis-server is not installed (apt-get install -y redis-server)' : `redis-server could not start: ${(error as Error).message}` };
    }
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    return {
      url: `redis://127.0.0.1:${port}`,
      port,
      pause: () => void child.kill('SIGSTOP'),
      resume: () => void child.kill('SIGCONT'),
      async stop() {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGCONT'); // a paused server would not act on SIGTERM
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
          await exited;
          clearTimeout(timer);
        }
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  throw new Error('unreachable');
}

/**
 * Starts a `redis-server` for a test file, or gives the reason its tests skip, said loudly on
 * stderr. Under CI (`CI` set) a Redis that cannot start is an error, never a skip.
 */
export async function redisForTests(): Promise<{ redis: RedisServer; skip: false } | { redis: null; skip: string }> {
  const started = await startRedisServer();
  if (!('unavailable' in started)) return { redis: started, skip: false };
  if (process.env.CI) throw new Error(`the Redis rate-limit store tests need redis-server: ${started.unavailable}`);
  process.stderr.write(`\n*** SKIPPED: the Redis rate-limit store tests did not run: ${started.unavailable} ***\n\n`);
  return { redis: null, skip: started.unavailable };
}
