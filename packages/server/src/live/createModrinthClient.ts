import { BodyTooLargeError, readBodyText } from './readBodyText.js';
import { DEFAULT_USER_AGENT } from './userAgent.js';

/** Why a Modrinth request failed. */
export type ModrinthFailure = 'rate_limited' | 'http' | 'timeout' | 'network' | 'invalid';

/** A failed Modrinth request. `retryAfterSeconds` is set when Modrinth said when to come back. */
export class ModrinthError extends Error {
  override readonly name = 'ModrinthError';
  constructor(
    message: string,
    readonly kind: ModrinthFailure,
    readonly status: number | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export interface ModrinthClientOptions {
  /** Default `https://api.modrinth.com/v2`. */
  baseUrl?: string;
  /** Sent on every request; Modrinth requires an identifying one. */
  userAgent?: string;
  fetch?: typeof globalThis.fetch;
  /** Epoch milliseconds. */
  clock?: () => number;
  /** Per request, body included. Default 10 000 ms. */
  timeoutMs?: number;
  /**
   * Longest answer read, in bytes; a longer one fails (`invalid`) without being held whole.
   * Default {@link MODRINTH_MAX_BODY_BYTES}.
   */
  maxBodyBytes?: number;
}

/**
 * 16 MiB: the largest answers blockstats asks for (a modpack's version list with every
 * changelog, the versions of a few hundred jars) are a few MB.
 */
export const MODRINTH_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** A tiny Modrinth v2 client that honours the rate-limit headers for every caller sharing it. */
export interface ModrinthClient {
  /** GET; resolves `null` on 404 (Modrinth's "no such project/version", empty body). */
  get(path: string, query?: Record<string, string>): Promise<unknown>;
  /** POST a JSON body; resolves the parsed JSON answer. */
  post(path: string, body: unknown): Promise<unknown>;
  /** Seconds until Modrinth's rate-limit window lets us send again; 0 when we may send now. */
  blockedForSeconds(): number;
}

/** When a 429 carries no reset header: Modrinth's window is a minute. */
const DEFAULT_BACKOFF_SECONDS = 60;

/**
 * Builds the Modrinth client. Every response's `X-Ratelimit-Remaining`/`X-Ratelimit-Reset` is
 * remembered: with nothing remaining, or after a 429, no request is sent until the window resets
 * (Modrinth: 300 requests per minute per IP; it asks clients not to hammer it).
 */
export function createModrinthClient(options: ModrinthClientOptions = {}): ModrinthClient {
  const baseUrl = (options.baseUrl ?? 'https://api.modrinth.com/v2').replace(/\/+$/, '');
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const clock = options.clock ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBodyBytes = options.maxBodyBytes ?? MODRINTH_MAX_BODY_BYTES;
  let blockedUntil = 0;

  const blockedForSeconds = (): number => Math.max(0, Math.ceil((blockedUntil - clock()) / 1000));

  function remember(headers: Headers, status: number): number | null {
    const remaining = headerNumber(headers, 'x-ratelimit-remaining');
    const reset = headerNumber(headers, 'x-ratelimit-reset') ?? headerNumber(headers, 'retry-after');
    if (status === 429 || remaining === 0) {
      const seconds = Math.max(1, reset ?? DEFAULT_BACKOFF_SECONDS);
      blockedUntil = Math.max(blockedUntil, clock() + seconds * 1000);
      return seconds;
    }
    return null;
  }

  async function request(method: 'GET' | 'POST', path: string, query?: Record<string, string>, body?: unknown): Promise<unknown> {
    const wait = blockedForSeconds();
    if (wait > 0) {
      throw new ModrinthError(`Modrinth rate limit reached; next request in ${wait} s`, 'rate_limited', null, wait);
    }
    const url = new URL(`${baseUrl}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = { 'User-Agent': userAgent, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    let response: Response;
    let text: string;
    try {
      const init: RequestInit = { method, headers, signal: AbortSignal.timeout(timeoutMs) };
      if (body !== undefined) init.body = JSON.stringify(body);
      response = await fetchImpl(url, init);
      text = await readBodyText(response, maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        throw new ModrinthError(`Modrinth sent more than ${maxBodyBytes} bytes for ${method} ${path}`, 'invalid');
      }
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new ModrinthError(`Modrinth did not answer ${method} ${path} within ${timeoutMs} ms`, 'timeout');
      }
      throw new ModrinthError(`Modrinth unreachable for ${method} ${path}: ${(error as Error).message}`, 'network');
    }

    const retryAfter = remember(response.headers, response.status);
    if (response.status === 429) {
      throw new ModrinthError(`Modrinth rate-limited ${method} ${path}`, 'rate_limited', 429, retryAfter);
    }
    if (response.status === 404 && method === 'GET') return null;
    if (!response.ok) {
      throw new ModrinthError(`Modrinth answered ${response.status} to ${method} ${path}`, 'http', response.status);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ModrinthError(`Modrinth sent invalid JSON for ${method} ${path}`, 'invalid', response.status);
    }
  }

  return {
    get: (path, query) => request('GET', path, query),
    post: (path, body) => request('POST', path, undefined, body),
    blockedForSeconds,
  };
}

function headerNumber(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return null;
  return Number(value);
}
