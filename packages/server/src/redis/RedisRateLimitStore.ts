import { CircuitBreaker, CircuitOpenError, type BreakerStatus } from '../breaker/CircuitBreaker.js';
import type { RateLimitState, RateLimitStore } from '../ratelimit/RateLimitStore.js';

/** Options of {@link RedisRateLimitStore}. */
export interface RedisRateLimitStoreOptions {
  /** The Redis server: `redis://[[user]:password@]host[:port][/db]`, or `rediss://` for TLS. */
  url: string;
  /** Prefix of every key the store writes (one key per client address). Default `blockstats:ratelimit:`. */
  prefix?: string;
  /**
   * How long a request waits for Redis (one round trip, or the first connection) before it goes
   * on without the limit (fail open). Default 250 ms.
   */
  timeoutMs?: number;
  /**
   * After a failed or slow call, how long Redis is skipped (every request served without the
   * limit at once) before a background `PING`; doubled after each failed one, up to
   * `maxBackoffMs`. Defaults 1 s and 5 s: a Redis back is used again within about 5 s.
   */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * Told when Redis stops answering (the first failure) and when a probe finds it answering
   * again, once each, for a log line; requests in between are served without the limit and fail
   * with {@link RateLimitStoreUnavailableError}, which needs no report of its own.
   */
  onStatus?: (status: { ok: true } | { ok: false; error: string }) => void;
}

/** What the store throws while Redis cannot be used: the router then serves without the limit. */
export class RateLimitStoreUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'RateLimitStoreUnavailableError';
  }
}

/**
 * Counts one request: the window starts at a client's first request and lasts `windowMs` (the
 * key's expiry, in Redis's own clock, shared by every instance). Returns the count and the
 * milliseconds left. Atomic, as every script is: concurrent instances never lose a count.
 */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** Takes back one request of the open window (a key that expired is a window that closed). */
const UNDO = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return count`;

/** The slice of a node-redis client the store uses. */
interface Client {
  readonly isReady: boolean;
  onError(listener: (error: Error) => void): void;
  onReady(listener: () => void): void;
  connect(): Promise<unknown>;
  destroy(): void;
  hitWindow(key: string, windowMs: number): Promise<unknown>;
  undoWindow(key: string): Promise<unknown>;
  ping(): Promise<unknown>;
}

/**
 * The error to throw when importing @redis/client failed: an optional peer dependency (a Worker's
 * install brings no Redis client), so when it is absent the message says how to install it; any
 * other failure is passed on as it is.
 */
function redisClientMissing(error: unknown): unknown {
  const absent = (error as { code?: unknown } | null)?.code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes('@redis/client');
  if (!absent) return error;
  return new Error('RedisRateLimitStore needs @redis/client, an optional peer dependency of @blockstats/server that is not installed: npm install @redis/client', { cause: error });
}

/**
 * A {@link RateLimitStore} in Redis, so that several instances of the server behind one proxy
 * share each client's limit: fixed windows in one key per client (`INCR`, with the window as the
 * key's expiry, in a Lua script so that counting is atomic). Through the maintained node-redis
 * client (`@redis/client`), loaded on first use.
 *
 * It fails open and never holds a request up: Redis is called through a {@link CircuitBreaker}.
 * A call that fails or takes longer than `timeoutMs` (a hung Redis) rejects, and from then on
 * `hit` and `undo` reject at once, without calling Redis, until a background `PING` answers (after
 * `backoffMs`, growing to `maxBackoffMs`). The router serves those requests without the limit.
 * {@link status} says where the breaker stands (for `/v1/health`).
 *
 * @example
 * const store = new RedisRateLimitStore({ url: 'redis://127.0.0.1:6379' });
 * const router = createRouter({ snapshot, rateLimit: { store } });
 * // on shutdown: await store.close();
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #options: { url: string; prefix: string; timeoutMs: number };
  readonly #breaker: CircuitBreaker;
  #client: Client | null = null;
  /** The first connection, which the first requests may wait for (up to the timeout). */
  #opening: Promise<unknown> | null = null;
  #connectedOnce = false;
  #closed = false;
  /** What a skipped call throws, one per open period like the breaker's own error. */
  #skipped: RateLimitStoreUnavailableError | null = null;

  constructor(options: RedisRateLimitStoreOptions) {
    if (!/^rediss?:\/\/./i.test(options.url) || !URL.canParse(options.url)) {
      throw new TypeError(`RedisRateLimitStore: url must be a redis:// or rediss:// URL, got ${JSON.stringify(options.url)}`);
    }
    this.#options = {
      url: options.url,
      prefix: options.prefix ?? 'blockstats:ratelimit:',
      timeoutMs: options.timeoutMs ?? 250,
    };
    const onStatus = options.onStatus;
    this.#breaker = new CircuitBreaker({
      name: `Redis at ${this.#where()}`,
      timeoutMs: this.#options.timeoutMs,
      ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
      ...(options.maxBackoffMs !== undefined ? { maxBackoffMs: options.maxBackoffMs } : {}),
      probe: async () => (await this.#ready()).ping(),
      ...(onStatus ? { onChange: (status: BreakerStatus) => onStatus(status.state === 'closed' ? { ok: true } : { ok: false, error: status.error }) } : {}),
    });
  }

  /** Whether Redis is used (`closed`) or skipped after a failure (`open`), and until when. */
  get status(): BreakerStatus {
    return this.#breaker.status;
  }

  async hit(key: string, now: number, windowMs: number): Promise<RateLimitState> {
    const reply = await this.#run(async () => (await this.#ready()).hitWindow(key, Math.max(1, Math.round(windowMs))));
    const [count, ttl] = reply as [number, number];
    return { count: Number(count), resetAt: now + Number(ttl) };
  }

  async undo(key: string): Promise<void> {
    await this.#run(async () => (await this.#ready()).undoWindow(key));
  }

  /** Closes the connection (pending commands are rejected); the store is unusable afterwards. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#breaker.stop();
    const client = this.#client;
    this.#client = null;
    client?.destroy();
  }

  /**
   * The connected client, or a rejection: waits only for the first connection (the breaker's
   * timeout bounds it); while the client reconnects, rejects at once.
   */
  async #ready(): Promise<Client> {
    if (this.#closed) throw new RateLimitStoreUnavailableError('the Redis rate-limit store is closed');
    const client = this.#client ?? (await this.#open());
    if (client.isReady) return client;
    if (!this.#connectedOnce && this.#opening) await this.#opening.catch(() => {});
    if (client.isReady) return client;
    throw new RateLimitStoreUnavailableError(`Redis at ${this.#where()} is not connected`);
  }

  async #open(): Promise<Client> {
    // Loaded here, not at the top: a server without a Redis store never loads the client.
    const { createClient, defineScript } = await import('@redis/client').catch((error: unknown) => {
      throw redisClientMissing(error);
    });
    if (this.#client) return this.#client;
    const script = (source: string) => defineScript({
      SCRIPT: source,
      NUMBER_OF_KEYS: 1,
      parseCommand(parser, key: string, ...args: string[]) {
        parser.pushKey(key);
        for (const arg of args) parser.push(arg);
      },
      transformReply: (reply: unknown) => reply as never,
    });
    const timeout = this.#options.timeoutMs;
    const raw = createClient({
      url: this.#options.url,
      RESP: 2, // also Redis servers older than 6, and look-alikes
      disableOfflineQueue: true, // while reconnecting, fail at once rather than queue
      commandOptions: { timeout },
      socket: {
        connectTimeout: Math.max(timeout, 1000),
        // Keep trying in the background, at most every 2 s.
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2000),
      },
      scripts: { hit: script(HIT), undo: script(UNDO) },
    });
    const client: Client = {
      get isReady() {
        return raw.isReady;
      },
      onError: (listener) => void raw.on('error', listener),
      onReady: (listener) => void raw.on('ready', listener),
      connect: () => raw.connect(),
      destroy: () => raw.destroy(),
      hitWindow: (key, windowMs) => raw.hit(this.#options.prefix + key, String(windowMs)),
      undoWindow: (key) => raw.undo(this.#options.prefix + key),
      ping: () => raw.ping(),
    };
    // The client's own errors (a refused reconnect, a dropped socket) need a listener; the
    // breaker learns of an outage from the calls that fail, and says so once.
    client.onError(() => {});
    client.onReady(() => {
      this.#connectedOnce = true;
    });
    this.#client = client;
    this.#opening = client.connect();
    this.#opening.catch(() => {});
    return client;
  }

  /** `call` through the breaker, any failure as a {@link RateLimitStoreUnavailableError}. */
  async #run<T>(call: () => Promise<T>): Promise<T> {
    try {
      // Loading the client module is not a call to Redis: a slow first import (a cold disk, a
      // busy process) must not open the breaker before Redis was even asked.
      if (this.#client === null && !this.#closed) await this.#open();
      return await this.#breaker.call(call);
    } catch (error) {
      if (error instanceof RateLimitStoreUnavailableError) throw error;
      if (error instanceof CircuitOpenError) throw (this.#skipped?.cause === error ? this.#skipped : (this.#skipped = new RateLimitStoreUnavailableError(error.message, { cause: error })));
      const message = error instanceof Error ? error.message : String(error);
      throw new RateLimitStoreUnavailableError(message.startsWith('Redis at ') ? message : `Redis at ${this.#where()}: ${message}`, { cause: error });
    }
  }

  /** The server's address without credentials, for messages. */
  #where(): string {
    const url = new URL(this.#options.url);
    return `${url.hostname}:${url.port || '6379'}`;
  }
}
