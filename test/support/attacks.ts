// Hostile HTTP clients for the adversarial suite (test/adversarial/http) and the soak script
// (bench/soak.ts), plus the normal client that must stay served meanwhile and an RSS sampler.
// Loopback only; every loop is bounded by a count or a deadline.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** Where the server under attack listens. */
export interface Target {
  host: string;
  port: number;
}

/** What an attack saw. */
export interface AttackReport {
  /** Connections the attacker opened. */
  opened: number;
  /** Connections the server closed (or refused) while the attack ran. */
  closedByServer: number;
  /** Bytes the server sent back (the attacker never reads, so little). */
  bytesReceived: number;
  /** Answers by status, for attacks that read them (`cards`). */
  statuses?: Record<string, number>;
}

/** A running attack: what it saw so far, and a way to stop it. */
export interface Attack {
  /** Connections currently open. */
  open(): number;
  /** What it saw so far. */
  report(): AttackReport;
  stop(): Promise<AttackReport>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tracker() {
  const sockets = new Set<Socket>();
  const report: AttackReport = { opened: 0, closedByServer: 0, bytesReceived: 0 };
  let stopped = false;
  return {
    sockets,
    report,
    stopped: () => stopped,
    add(socket: Socket, onClose?: () => void) {
      report.opened++;
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        if (!stopped) {
          report.closedByServer++;
          onClose?.();
        }
      });
    },
    async stop(): Promise<AttackReport> {
      stopped = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      return report;
    },
  };
}

/**
 * HTTP/1.1 pipelining without reading (issue 14, finding 1): `connections` sockets each send
 * `requests` pipelined `GET path` in one write and never read an answer. With `reconnect`, a
 * socket the server closes is replaced at once, until `stop()`.
 */
export function pipelineFlood(target: Target, options: { connections: number; requests: number; path: string; reconnect?: boolean; localAddress?: string }): Attack {
  const t = tracker();
  const burst = Buffer.from(`GET ${options.path} HTTP/1.1\r\nHost: ${target.host}:${target.port}\r\nUser-Agent: pipeline-flood\r\n\r\n`.repeat(options.requests));
  const open = () => {
    if (t.stopped()) return;
    const socket = connect({ host: target.host, port: target.port, ...(options.localAddress ? { localAddress: options.localAddress } : {}) });
    let poke: NodeJS.Timeout | undefined;
    t.add(socket, () => {
      if (options.reconnect) setImmediate(open);
    });
    socket.on('close', () => clearInterval(poke));
    socket.on('connect', () => {
      socket.write(burst);
      socket.pause(); // never read: the answers stay in the server's queue (or the kernel's)
      // A paused socket never sees the server's FIN: an empty line now and then (allowed between
      // requests) fails once the server has closed, so the close is noticed and replaced.
      poke = setInterval(() => socket.write('\r\n'), 250);
    });
  };
  for (let i = 0; i < options.connections; i++) open();
  return { open: () => t.sockets.size, report: () => ({ ...t.report }), stop: t.stop };
}

/**
 * Idle connections (finding 6): opens `count` sockets, at most `parallel` connecting at a time,
 * that never send a byte. Resolves once every one has connected or failed.
 */
export async function connectionFlood(target: Target, options: { count: number; parallel?: number; localAddress?: string }): Promise<Attack> {
  const t = tracker();
  const parallel = options.parallel ?? 500;
  let started = 0;
  const one = () => new Promise<void>((resolve) => {
    const socket = connect({ host: target.host, port: target.port, ...(options.localAddress ? { localAddress: options.localAddress } : {}) });
    t.add(socket);
    socket.once('connect', () => resolve());
    socket.once('error', () => resolve());
    socket.once('close', () => resolve());
  });
  const lanes = Array.from({ length: Math.min(parallel, options.count) }, async () => {
    while (started < options.count && !t.stopped()) {
      started++;
      await one();
    }
  });
  await Promise.all(lanes);
  return { open: () => t.sockets.size, report: () => ({ ...t.report }), stop: t.stop };
}

/**
 * Slow clients: `count` sockets that send a request's headers one byte every `byteEveryMs`
 * (slowloris), never finishing; and, with `readers`, that many sockets that request `path`,
 * never read the answer and send an empty line every 250 ms (which keeps Node's own idle timer
 * from firing). Until `stop()`.
 */
export function slowClients(target: Target, options: { count: number; byteEveryMs: number; readers?: number; path?: string; reconnect?: boolean; localAddress?: string; localAddresses?: readonly string[] }): Attack {
  // From one address, or spread over several in turn (so that the timeouts, not the per-address
  // cap, are what cuts them).
  const addresses = options.localAddresses ?? (options.localAddress ? [options.localAddress] : []);
  let next = 0;
  const source = () => (addresses.length === 0 ? {} : { localAddress: addresses[next++ % addresses.length]! });
  const t = tracker();
  const headers = Buffer.from(`GET /v1 HTTP/1.1\r\nHost: ${target.host}\r\nUser-Agent: slow-client\r\nX-Padding: ${'a'.repeat(4000)}\r\n`);
  const loris = () => {
    if (t.stopped()) return;
    const socket = connect({ host: target.host, port: target.port, ...source() });
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    t.add(socket, () => {
      clearInterval(timer);
      if (options.reconnect) setImmediate(loris);
    });
    socket.on('close', () => clearInterval(timer));
    socket.on('connect', () => {
      timer = setInterval(() => {
        if (sent < headers.length && !socket.destroyed) socket.write(headers.subarray(sent, ++sent));
      }, options.byteEveryMs);
    });
  };
  const reader = () => {
    if (t.stopped()) return;
    const socket = connect({ host: target.host, port: target.port, ...source() });
    let poke: NodeJS.Timeout | undefined;
    t.add(socket, () => {
      if (options.reconnect) setImmediate(reader);
    });
    socket.on('close', () => clearInterval(poke));
    socket.on('connect', () => {
      socket.write(`GET ${options.path ?? '/openapi.json'} HTTP/1.1\r\nHost: ${target.host}\r\nUser-Agent: slow-reader\r\n\r\n`);
      socket.pause();
      // As in pipelineFlood: notice the server's close on a socket that never reads.
      poke = setInterval(() => socket.write('\r\n'), 250);
    });
  };
  for (let i = 0; i < options.count; i++) loris();
  for (let i = 0; i < (options.readers ?? 0); i++) reader();
  return { open: () => t.sockets.size, report: () => ({ ...t.report }), stop: t.stop };
}

/**
 * PNG cards nobody asked for before (issue 40): `clients` clients, each from its own address of
 * `localAddresses` on one keep-alive connection, each asking one card at a time, at most one
 * every `everyMs` (250 ms: the default 240 a minute), for a random player of `players` with a
 * random colour and `scale`, so that neither the response memo nor the render cache has it.
 * Until `stop()`; the report counts the answers by status.
 */
export function cardFlood(target: Target, options: { clients: number; everyMs: number; players: readonly string[]; localAddresses: readonly string[] }): Attack {
  const report: AttackReport = { opened: 0, closedByServer: 0, bytesReceived: 0, statuses: {} };
  const agents: Agent[] = [];
  let running = true;
  const one = (agent: Agent, localAddress: string) => new Promise<void>((resolve) => {
    const player = options.players[Math.floor(Math.random() * options.players.length)]!;
    const color = Math.floor(Math.random() * 0x1000000).toString(16).padStart(6, '0');
    const path = `/v1/card/player/${encodeURIComponent(player)}.png?scale=${1 + Math.floor(Math.random() * 4)}&color=${color}`;
    report.opened++;
    const req = httpRequest({ host: target.host, port: target.port, path, agent, localAddress, headers: { 'user-agent': 'card-flood' } }, (res) => {
      res.on('data', (chunk: Buffer) => (report.bytesReceived += chunk.length));
      res.on('end', () => {
        const key = String(res.statusCode);
        report.statuses![key] = (report.statuses![key] ?? 0) + 1;
        resolve();
      });
      res.on('error', () => resolve());
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timed out')));
    req.on('error', () => {
      report.closedByServer++;
      resolve();
    });
    req.end();
  });
  const loops = Array.from({ length: options.clients }, async (_, i) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    const localAddress = options.localAddresses[i % options.localAddresses.length]!;
    while (running) {
      const begin = performance.now();
      await one(agent, localAddress);
      await wait(Math.max(0, options.everyMs - (performance.now() - begin)));
    }
  });
  return {
    open: () => (running ? options.clients : 0),
    report: () => ({ ...report, statuses: { ...report.statuses } }),
    async stop() {
      running = false;
      await Promise.all(loops);
      for (const agent of agents) agent.destroy();
      return report;
    },
  };
}

/** One answer the normal client got (or did not). */
export interface ProbeResult {
  status: number | null;
  ms: number;
  error?: string;
}

/** Loopback addresses for normal clients: 127.0.0.2 to 127.0.0.41 (the attackers use 127.0.0.1). */
export const NORMAL_CLIENT_ADDRESSES: readonly string[] = Array.from({ length: 40 }, (_, i) => `127.0.0.${i + 2}`);

/** Latency figures of the normal client. */
export interface ProbeReport {
  requests: number;
  failures: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
}

/**
 * One GET on a fresh connection (a new visitor), from `localAddress` (another loopback address
 * than the attacker's, so it has its own rate-limit budget and connection allowance).
 */
export function probeOnce(target: Target, path: string, options: { localAddress?: string; timeoutMs?: number } = {}): Promise<ProbeResult> {
  const begin = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest({
      host: target.host,
      port: target.port,
      path,
      agent: false,
      headers: { 'user-agent': 'normal-client', connection: 'close' },
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? null, ms: performance.now() - begin }));
      res.on('error', (error) => resolve({ status: null, ms: performance.now() - begin, error: error.message }));
    });
    req.setTimeout(options.timeoutMs ?? 10_000, () => req.destroy(new Error('timed out')));
    req.on('error', (error) => resolve({ status: null, ms: performance.now() - begin, error: error.message }));
    req.end();
  });
}

/**
 * A normal client asking `path` every `everyMs` until `stop()`, from each of `localAddresses` in
 * turn (loopback addresses other than the attacker's: each has its own rate-limit budget, so the
 * probe itself is never over the limit).
 */
export function normalClient(target: Target, path: string, options: { everyMs: number; localAddresses?: readonly string[]; timeoutMs?: number }) {
  const results: ProbeResult[] = [];
  const addresses = options.localAddresses ?? [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const begin = performance.now();
      const localAddress = addresses[results.length % Math.max(1, addresses.length)];
      results.push(await probeOnce(target, path, { ...(localAddress ? { localAddress } : {}), ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) }));
      await wait(Math.max(0, options.everyMs - (performance.now() - begin)));
    }
  })();
  return {
    results,
    async stop(): Promise<ProbeReport> {
      running = false;
      await loop;
      return summarize(results);
    },
  };
}

/** p50, p99 and max latency (ms) and the statuses of a list of probes. */
export function summarize(results: readonly ProbeResult[]): ProbeReport {
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const at = (q: number) => (ms.length === 0 ? 0 : ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!);
  const statuses: Record<string, number> = {};
  for (const r of results) {
    const key = r.status === null ? `error: ${r.error ?? 'unknown'}` : String(r.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  return {
    requests: results.length,
    failures: results.filter((r) => r.status === null || r.status >= 500).length,
    p50: Math.round(at(0.5) * 10) / 10,
    p99: Math.round(at(0.99) * 10) / 10,
    max: Math.round(at(1) * 10) / 10,
    statuses,
  };
}

/** Resident memory of a process in MiB (Linux `/proc`), or null where it cannot be read. */
export function rssMiB(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** Open file descriptors of a process (Linux `/proc`), or null. */
export function openFiles(pid: number): number | null {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `everyMs` until `stop()`, which gives the peak (MiB). */
export function rssSampler(pid: number, everyMs = 100) {
  let peak = rssMiB(pid) ?? 0;
  const timer = setInterval(() => {
    const now = rssMiB(pid);
    if (now !== null && now > peak) peak = now;
  }, everyMs);
  return {
    peak: () => peak,
    stop(): number {
      clearInterval(timer);
      const now = rssMiB(pid);
      if (now !== null && now > peak) peak = now;
      return peak;
    },
  };
}

/** An attack run in its own process, so that the attacker and the normal client never share an event loop. */
export type AttackSpec =
  | { kind: 'pipeline'; target: Target; connections: number; requests: number; path: string; reconnect?: boolean; localAddress?: string }
  | { kind: 'connections'; target: Target; count: number; parallel?: number; localAddress?: string }
  | { kind: 'slow'; target: Target; count: number; byteEveryMs: number; readers?: number; path?: string; reconnect?: boolean; localAddress?: string; localAddresses?: readonly string[] }
  | { kind: 'cards'; target: Target; clients: number; everyMs: number; players: readonly string[]; localAddresses: readonly string[] };

/** What the child reports: the attack's counts, and how many of its connections were open at the end. */
export interface ChildReport extends AttackReport {
  openAtEnd: number;
}

/** Starts `spec` in the current process (the child's side of {@link spawnAttack}). */
export async function startAttack(spec: AttackSpec): Promise<Attack> {
  if (spec.kind === 'pipeline') return pipelineFlood(spec.target, spec);
  if (spec.kind === 'connections') return connectionFlood(spec.target, spec);
  if (spec.kind === 'cards') return cardFlood(spec.target, spec);
  return slowClients(spec.target, spec);
}

/**
 * Runs an attack in a child process (through tsx), so that the attacker and the normal client
 * never share an event loop: resolves once it is under way, with `report` (what it saw so far)
 * and `stop` (ends it, gives the final report). `wrap` runs it through another program first
 * (the soak's `sh -c 'ulimit -n …; exec "$@"' sh`).
 */
export async function spawnAttack(spec: AttackSpec, options: { wrap?: readonly string[] } = {}): Promise<{ report(): Promise<ChildReport>; stop(): Promise<ChildReport> }> {
  const command = [...(options.wrap ?? []), process.execPath, '--import', 'tsx', fileURLToPath(new URL('./attacker.ts', import.meta.url)), JSON.stringify(spec)];
  const child = spawn(command[0]!, command.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const next = () => new Promise<string>((resolve, reject) => {
    const onLine = (line: string) => {
      cleanup();
      resolve(line);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`the attacker exited (${code}) early`));
    };
    const cleanup = () => {
      lines.off('line', onLine);
      child.off('exit', onExit);
    };
    lines.on('line', onLine);
    child.on('exit', onExit);
  });
  const ready = await next();
  if (ready !== 'ready') throw new Error(`the attacker said ${ready}`);
  const ask = async (command: 'report' | 'stop') => {
    const answer = next();
    child.stdin!.write(`${command}\n`);
    return JSON.parse(await answer) as ChildReport;
  };
  return { report: () => ask('report'), stop: () => ask('stop') };
}
