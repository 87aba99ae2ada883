import { promises as dns, type SrvRecord } from 'node:dns';
import { isIP } from 'node:net';
import { deepFreeze } from './deepFreeze.js';
import { parseAddress, type ServerAddress } from './parseAddress.js';
import { offlineBedrock, pingBedrock } from './pingBedrock.js';
import { pingJava, type JavaPing } from './pingJava.js';
import type { BedrockLiveStatus, LiveStatus, PingFailure, StatusSource } from './types.js';

export interface StatusPingerOptions {
  /** Java server address, `HOST[:PORT]` (default port 25565). Omitted: no Java ping. */
  java?: string | null;
  /** Bedrock/Geyser address, `HOST[:PORT]` (default port 19132). Omitted: no Bedrock ping. */
  bedrock?: string | null;
  /** Budget for one whole ping, SRV lookup included. Default 5000 ms. */
  timeoutMs?: number;
  /** How long a result (failed ones too) is served before pinging again. Default 10 000 ms (SPEC). */
  cacheMs?: number;
  /** Epoch milliseconds; injected by tests. */
  clock?: () => number;
  /**
   * Look up `_minecraft._tcp.<host>` the way the Java client does, for a host name given without
   * a port (never for IP literals). Default true.
   */
  srv?: boolean;
  /** SRV resolver; defaults to `dns.promises.resolveSrv`. */
  resolveSrv?: (name: string) => Promise<SrvRecord[]>;
}

const JAVA_PORT = 25_565;
const BEDROCK_PORT = 19_132;

/**
 * The live status capability: pings the Java server (and the Bedrock proxy port when
 * configured), caches the result for `cacheMs`, and lets every request that arrives during a
 * ping share that ping. Never rejects: a failed ping resolves with `online: false` and null
 * counts. The recorder's population samples use the same instance.
 *
 * Throws a `TypeError` at construction when an address is malformed.
 *
 * @example
 * const pinger = createStatusPinger({ java: 'play.example.org', bedrock: 'play.example.org:19132' });
 * const { online, players_online } = await pinger.status();
 */
export function createStatusPinger(options: StatusPingerOptions = {}): StatusSource {
  const java = options.java ? parseAddress(options.java, JAVA_PORT) : null;
  const bedrock = options.bedrock ? parseAddress(options.bedrock, BEDROCK_PORT) : null;
  const timeoutMs = positive(options.timeoutMs, 5_000, 'timeoutMs');
  const cacheMs = nonNegative(options.cacheMs, 10_000, 'cacheMs');
  const clock = options.clock ?? Date.now;
  const useSrv = options.srv ?? true;
  const resolveSrv = options.resolveSrv ?? ((name: string) => dns.resolveSrv(name));

  let cached: { at: number; status: LiveStatus } | null = null;
  let inFlight: Promise<LiveStatus> | null = null;

  async function measure(): Promise<LiveStatus> {
    const [javaPing, bedrockPing] = await Promise.all([
      java ? pingJavaAddress(java) : null,
      bedrock ? pingBedrock({ ...bedrock, timeoutMs }) : null,
    ]);
    return combine(javaPing, bedrockPing, new Date(clock()).toISOString());
  }

  async function pingJavaAddress(address: ServerAddress): Promise<JavaPing> {
    const started = Date.now();
    const target = useSrv && !address.explicitPort && isIP(address.host) === 0
      ? await lookupSrv(address, resolveSrv, timeoutMs)
      : address;
    const left = Math.max(1, timeoutMs - (Date.now() - started));
    return pingJava({ host: target.host, port: target.port, timeoutMs: left, serverAddress: address.host });
  }

  return {
    status(): Promise<LiveStatus> {
      if (cached !== null && clock() - cached.at < cacheMs) return Promise.resolve(cached.status);
      if (inFlight !== null) return inFlight;
      inFlight = measure()
        .catch((): LiveStatus => combine(java ? { online: false, reason: 'protocol' } : null, bedrock ? offlineBedrock('protocol') : null, new Date(clock()).toISOString()))
        .then((status) => {
          cached = { at: clock(), status: deepFreeze(status) };
          return status;
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
  };
}

/** Java fields first; Bedrock alone fills the top level when no Java address is configured. */
function combine(java: JavaPing | null, bedrock: BedrockLiveStatus | null, checkedAt: string): LiveStatus {
  if (java !== null && java.online) {
    const { online, players_online, players_max, version, protocol, motd, sample, latency_ms } = java;
    return { online, players_online, players_max, version, protocol, motd, sample, latency_ms, edition: 'java', reason: null, bedrock, checked_at: checkedAt };
  }
  if (java === null && bedrock !== null) {
    const { online, players_online, players_max, version, protocol, motd, latency_ms, reason } = bedrock;
    return { online, players_online, players_max, version, protocol, motd, sample: [], latency_ms, edition: 'bedrock', reason, bedrock, checked_at: checkedAt };
  }
  const reason: PingFailure = java === null ? 'not_configured' : java.reason;
  return {
    online: false,
    players_online: null,
    players_max: null,
    version: null,
    protocol: null,
    motd: null,
    sample: [],
    latency_ms: null,
    edition: java === null ? null : 'java',
    reason,
    bedrock,
    checked_at: checkedAt,
  };
}

/**
 * `_minecraft._tcp.<host>`: the lowest priority wins, then the highest weight. No record, a
 * DNS error or a slow answer all fall back to the host itself on the default port.
 */
async function lookupSrv(
  address: ServerAddress,
  resolveSrv: (name: string) => Promise<SrvRecord[]>,
  timeoutMs: number,
): Promise<ServerAddress> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const records = await Promise.race([resolveSrv(`_minecraft._tcp.${address.host}`).catch(() => null), timeout]);
    const best = (records ?? [])
      .filter((r) => typeof r.name === 'string' && r.name !== '' && r.port > 0)
      .sort((a, b) => a.priority - b.priority || b.weight - a.weight)[0];
    return best ? { host: best.name, port: best.port, explicitPort: true } : address;
  } finally {
    clearTimeout(timer);
  }
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new TypeError(`${name} must be a positive number, got ${value}`);
  return value;
}

function nonNegative(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new TypeError(`${name} must be zero or a positive number, got ${value}`);
  return value;
}
