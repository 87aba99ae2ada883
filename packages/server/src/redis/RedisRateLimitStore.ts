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
   * Told when Redis stops answering (the first failure) and when it answers again, for a log
   * line; requests in between are served without the limit and fail with
   * {@link RateLimitStoreUnavailableError}, which needs no report of its own.
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
 * It fails open and never holds a request up: while Redis is unreachable or slow, `hit` and
 * `undo` reject after at most `timeoutMs` (at once while the client is reconnecting), and the
 * router serves the request without the limit. The client reconnects in the background.
 *
 * @example
 * const store = new RedisRateLimitStore({ url: 'redis://127.0.0.1:6379' });
 * const router = createRouter({ snapshot, rateLimit: { store } });
 * // on shutdown: await store.close();
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #options: Required<Omit<RedisRateLimitStoreOptions, 'onStatus'>> & Pick<RedisRateLimitStoreOptions, 'onStatus'>;
  #client: Client | null = null;
  /** The first connection, which the first requests may wait for (up to the timeout). */
  #opening: Promise<unknown> | null = null;
  #connectedOnce = false;
  #down: string | null = null;
  #closed = false;

  constructor(options: RedisRateLimitStoreOptions) {
    if (!/^rediss?:\/\/./i.test(options.url) || !URL.canParse(options.url)) {
      throw new TypeError(`RedisRateLimitStore: url must be a redis:// or rediss:// URL, got ${JSON.stringify(options.url)}`);
    }
    this.#options = {
      url: options.url,
      prefix: options.prefix ?? 'blockstats:ratelimit:',
      timeoutMs: options.timeoutMs ?? 250,
      onStatus: options.onStatus,
    };
  }

  async hit(key: string, now: number, windowMs: number): Promise<RateLimitState> {
    const client = await this.#ready();
    const reply = await this.#run(client.hitWindow(key, Math.max(1, Math.round(windowMs))));
    const [count, ttl] = reply as [number, number];
    return { count: Number(count), resetAt: now + Number(ttl) };
  }

  async undo(key: string): Promise<void> {
    const client = await this.#ready();
    await this.#run(client.undoWindow(key));
  }

  /** Closes the connection (pending commands are rejected); the store is unusable afterwards. */
  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = null;
    client?.destroy();
  }

  /** The connected client, or a rejection: waits only for the first connection, up to the timeout. */
  async #ready(): Promise<Client> {
    if (this.#closed) throw new RateLimitStoreUnavailableError('the Redis rate-limit store is closed');
    const client = this.#client ?? (await this.#open());
    if (client.isReady) return client;
    if (!this.#connectedOnce && this.#opening) await this.#run(this.#opening).catch(() => {});
    if (client.isReady) return client;
    throw this.#failed(new RateLimitStoreUnavailableError(`Redis at ${this.#where()} is not connected`));
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
    };
    client.onError((error) => void this.#failed(error));
    client.onReady(() => {
      this.#connectedOnce = true;
      if (this.#down !== null) {
        this.#down = null;
        this.#options.onStatus?.({ ok: true });
      }
    });
    this.#client = client;
    this.#opening = client.connect();
    this.#opening.catch((error: unknown) => void this.#failed(error));
    return client;
  }

  /** `promise`, or a rejection after the timeout (whatever the client does meanwhile). */
  #run<T>(promise: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RateLimitStoreUnavailableError(`Redis at ${this.#where()} did not answer within ${this.#options.timeoutMs} ms`)), this.#options.timeoutMs);
      timer.unref();
    });
    return Promise.race([promise, late])
      .catch((error: unknown) => {
        throw this.#failed(error);
      })
      .finally(() => clearTimeout(timer));
  }

  /** Reports the first failure of a run of them, and returns the error to throw. */
  #failed(error: unknown): RateLimitStoreUnavailableError {
    const wrapped = error instanceof RateLimitStoreUnavailableError
      ? error
      : new RateLimitStoreUnavailableError(`Redis at ${this.#where()}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    if (this.#down === null && !this.#closed) {
      this.#down = wrapped.message;
      this.#options.onStatus?.({ ok: false, error: wrapped.message });
    }
    return wrapped;
  }

  /** The server's address without credentials, for messages. */
  #where(): string {
    const url = new URL(this.#options.url);
    return `${url.hostname}:${url.port || '6379'}`;
  }
}
