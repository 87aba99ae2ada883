import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { canonicalUuid } from './canonicalUuid.js';
import { writeJsonAtomic } from './jsonFile.js';
import { BodyTooLargeError, readBodyText } from './readBodyText.js';
import { skinHeadPixels } from './skinHeadPixels.js';
import type { SkinSource, SkinSubject } from './types.js';
import { DEFAULT_USER_AGENT } from './userAgent.js';

export interface SkinCacheOptions {
  /** Folder of `skins.json`, the persisted cache. */
  dataDir: string;
  /** Lookups on or off (DECISIONS 24). Off: no request is made and every hash is null. Default true. */
  enabled?: boolean;
  fetch?: typeof globalThis.fetch;
  /** Epoch milliseconds. */
  clock?: () => number;
  userAgent?: string;
  /** Politeness: at most this many lookups per minute, spaced evenly. Default 30. */
  ratePerMinute?: number;
  /** A known skin is looked up again after this many days. Default 7. */
  refreshDays?: number;
  /** A failed lookup is retried after this many minutes. Default 60. */
  retryMinutes?: number;
  /** Lookups per `refresh()` call; the rest wait for the next call. Default 50. */
  maxPerRun?: number;
  /** Per request. Default 10 000 ms. */
  timeoutMs?: number;
  /**
   * Longest answer read, in bytes; a longer one counts as a failed lookup. Default 1 MiB (a
   * profile answer is about 1 KB).
   */
  maxBodyBytes?: number;
  /** Default `https://sessionserver.mojang.com`. */
  sessionServerUrl?: string;
  /** Default `https://api.geysermc.org`. */
  geyserUrl?: string;
  /** Where skin textures are downloaded by hash, as the game does. Default `https://textures.minecraft.net`. */
  texturesUrl?: string;
  /** Waits between lookups; injected by tests. Must reject when `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  onError?: (error: Error) => void;
}

/** What one `refresh()` did. */
export interface SkinRefreshReport {
  /** Lookups answered (a skin found or a definite "none"). */
  looked_up: number;
  /** Lookups whose hash differs from the cached one. */
  changed: number;
  /** Lookups that failed (network, timeout, 5xx, 429); retried after `retryMinutes`. */
  failed: number;
}

/** The skin capability: a synchronous cache read plus a polite background refresh. */
export interface SkinCache extends SkinSource {
  /**
   * The head of the skin with this texture hash (face and hat, 8×8 `rrggbb`), once a refresh has
   * downloaded the texture; null when unknown. Never waits.
   */
  headPixels(hash: string): string | null;
  /**
   * Looks up the players whose entry is missing or due, at most `maxPerRun`, spaced to
   * `ratePerMinute`, and saves the cache. Concurrent calls share the running refresh. Never
   * rejects; a snapshot never waits for it.
   */
  refresh(players: SkinSubject[]): Promise<SkinRefreshReport>;
  /** Stops a running refresh at its next wait (server shutdown). */
  close(): void;
}

interface Entry {
  /** Texture hash, or null when the player has no custom skin (or the service knows none). */
  hash: string | null;
  /** Last successful lookup (epoch ms), or null when none succeeded yet. */
  checked_at: number | null;
  /** Last failed lookup (epoch ms), when it is newer than `checked_at`. */
  failed_at?: number;
  /** The head of `hash`'s texture (64 `rrggbb`), once downloaded. */
  head?: string;
}

export const SKINS_FILE = 'skins.json';
const HASH = /^[0-9a-f]{16,128}$/i;
const HEAD = /^[0-9a-f]{384}$/;
/** A skin texture is a 64×64 PNG of a few KB; anything past this is not one. */
const MAX_TEXTURE_BYTES = 64 * 1024;
const DAY = 86_400_000;

/** A lookup failure that should stop querying that service for the rest of this run. */
class ServiceDown extends Error {}

/**
 * Skin texture hashes: Java players from the game's public profile service
 * (`/session/minecraft/profile/<uuid>`: base64 `textures` property → `SKIN.url` → hash),
 * Bedrock players from GeyserMC's skin service (`/v2/skin/<xuid>` → `texture_id`), the XUID
 * being the low 64 bits of the Floodgate UUID. Cached in `dataDir/skins.json`.
 *
 * @example
 * const skins = createSkinCache({ dataDir: './data' });
 * skins.skinHash('8667ba71-b85a-4004-af54-457a9734eed7'); // string | null, never waits
 * void skins.refresh([{ uuid: '8667ba71-b85a-4004-af54-457a9734eed7', edition: 'java' }]);
 */
export function createSkinCache(options: SkinCacheOptions): SkinCache {
  const enabled = options.enabled ?? true;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const clock = options.clock ?? Date.now;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const spacingMs = 60_000 / positive(options.ratePerMinute ?? 30, 'ratePerMinute');
  const refreshMs = positive(options.refreshDays ?? 7, 'refreshDays') * DAY;
  const retryMs = positive(options.retryMinutes ?? 60, 'retryMinutes') * 60_000;
  const maxPerRun = Math.floor(positive(options.maxPerRun ?? 50, 'maxPerRun'));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const sessionServer = (options.sessionServerUrl ?? 'https://sessionserver.mojang.com').replace(/\/+$/, '');
  const geyser = (options.geyserUrl ?? 'https://api.geysermc.org').replace(/\/+$/, '');
  const textures = (options.texturesUrl ?? 'https://textures.minecraft.net').replace(/\/+$/, '');
  const sleep = options.sleep ?? ((ms: number, signal: AbortSignal) => delay(ms, undefined, { signal }));
  const report = options.onError ?? (() => {});
  const path = join(options.dataDir, SKINS_FILE);

  const entries = load();
  /** Heads by texture hash, for the pages: a texture's head is the same for every player wearing it. */
  const heads = new Map<string, string>();
  for (const entry of entries.values()) if (entry.hash && entry.head) heads.set(entry.hash, entry.head);
  const stop = new AbortController();
  let running: Promise<SkinRefreshReport> | null = null;

  function load(): Map<string, Entry> {
    if (!enabled) return new Map();
    try {
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as { format?: unknown; players?: unknown };
      if (parsed.format !== 1 || parsed.players === null || typeof parsed.players !== 'object') {
        throw new Error(`${path} does not hold a skin cache; it will be replaced`);
      }
      const map = new Map<string, Entry>();
      for (const [key, value] of Object.entries(parsed.players as Record<string, Entry>)) {
        const hash = value?.hash;
        const uuid = canonicalUuid(key);
        if (uuid === null || !(hash === null || (typeof hash === 'string' && HASH.test(hash)))) continue;
        if (value.head !== undefined && !(typeof value.head === 'string' && HEAD.test(value.head))) delete value.head;
        map.set(uuid, value);
      }
      return map;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') report(error as Error);
      return new Map();
    }
  }

  function isDue(entry: Entry | undefined, now: number): boolean {
    if (entry === undefined) return true;
    if (entry.failed_at !== undefined && (entry.checked_at === null || entry.failed_at > entry.checked_at)) {
      return now - entry.failed_at >= retryMs;
    }
    return entry.checked_at === null || now - entry.checked_at >= refreshMs;
  }

  async function get(url: string): Promise<{ status: number; body: unknown }> {
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, { headers: { 'User-Agent': userAgent, Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      text = await readBodyText(response, maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new ServiceDown(`${new URL(url).host} sent more than ${maxBodyBytes} bytes`);
      throw new ServiceDown(`${new URL(url).host} unreachable: ${(error as Error).message}`);
    }
    if (response.status === 429 || response.status >= 500) throw new ServiceDown(`${new URL(url).host} answered ${response.status}`);
    try {
      return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    } catch {
      throw new ServiceDown(`${new URL(url).host} sent invalid JSON`);
    }
  }

  /**
   * The head of a skin texture, or null when the texture cannot be had or is no skin (the page
   * then shows the default skin; the next lookup of the player tries again).
   */
  async function headOf(hash: string): Promise<string | null> {
    try {
      const response = await fetchImpl(`${textures}/texture/${hash}`, { headers: { 'User-Agent': userAgent, Accept: 'image/png' }, signal: AbortSignal.timeout(timeoutMs) });
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (response.status !== 200 || declared > MAX_TEXTURE_BYTES) {
        await response.body?.cancel().catch(() => {});
        return null;
      }
      const bytes = new Uint8Array(await new Response(response.body).arrayBuffer());
      return bytes.byteLength > MAX_TEXTURE_BYTES ? null : skinHeadPixels(bytes);
    } catch (error) {
      report(new Error(`skin texture ${hash} unreachable: ${(error as Error).message}`, { cause: error }));
      return null;
    }
  }

  /** The hash, or null for "no custom skin / unknown player". Throws ServiceDown. */
  async function lookUp(subject: SkinSubject, id: string): Promise<string | null> {
    if (subject.edition === 'bedrock') {
      const xuid = BigInt(`0x${id.slice(16)}`).toString(10);
      const { status, body } = await get(`${geyser}/v2/skin/${xuid}`);
      const texture = status === 200 ? (body as { texture_id?: unknown } | null)?.texture_id : null;
      return typeof texture === 'string' && HASH.test(texture) ? texture.toLowerCase() : null;
    }
    const { status, body } = await get(`${sessionServer}/session/minecraft/profile/${id}`);
    if (status !== 200) return null; // 204/404: no such profile.
    return skinHashFromProfile(body);
  }

  async function run(players: SkinSubject[]): Promise<SkinRefreshReport> {
    const result: SkinRefreshReport = { looked_up: 0, changed: 0, failed: 0 };
    const now = clock();
    const seen = new Set<string>();
    const due: Array<{ subject: SkinSubject; uuid: string; last: number }> = [];
    for (const subject of players) {
      const uuid = canonicalUuid(subject?.uuid);
      if (uuid === null || seen.has(uuid)) continue;
      seen.add(uuid);
      const entry = entries.get(uuid);
      if (isDue(entry, now)) due.push({ subject, uuid, last: Math.max(entry?.checked_at ?? -Infinity, entry?.failed_at ?? -Infinity) });
    }
    // Never-seen players first, then the stalest.
    due.sort((a, b) => a.last - b.last);

    const down = new Set<SkinSubject['edition']>();
    let first = true;
    for (const { subject, uuid } of due.slice(0, maxPerRun)) {
      if (down.has(subject.edition)) continue;
      if (!first) {
        try {
          await sleep(spacingMs, stop.signal);
        } catch {
          break; // Closed.
        }
      }
      if (stop.signal.aborted) break;
      first = false;
      const previous = entries.get(uuid);
      try {
        const hash = await lookUp(subject, uuid.replaceAll('-', ''));
        result.looked_up++;
        if (hash !== (previous?.hash ?? null)) result.changed++;
        // The texture of a hash never changes: its head is downloaded once.
        const head = hash === null ? null : hash === previous?.hash && previous.head ? previous.head : await headOf(hash);
        entries.set(uuid, head ? { hash, checked_at: clock(), head } : { hash, checked_at: clock() });
        if (hash && head) heads.set(hash, head);
      } catch (error) {
        result.failed++;
        down.add(subject.edition);
        report(error as Error);
        entries.set(uuid, { ...previous, hash: previous?.hash ?? null, checked_at: previous?.checked_at ?? null, failed_at: clock() });
      }
    }
    if (result.looked_up + result.failed > 0) {
      try {
        await writeJsonAtomic(path, { format: 1, players: Object.fromEntries(entries) });
      } catch (error) {
        report(new Error(`cannot save the skin cache to ${path}: ${(error as Error).message}`, { cause: error }));
      }
    }
    return result;
  }

  return {
    headPixels(hash: string): string | null {
      if (!enabled || typeof hash !== 'string') return null;
      return heads.get(hash.toLowerCase()) ?? null;
    },
    skinHash(uuid: string): string | null {
      if (!enabled) return null;
      const key = canonicalUuid(uuid);
      return key === null ? null : (entries.get(key)?.hash ?? null);
    },
    refresh(players: SkinSubject[]): Promise<SkinRefreshReport> {
      if (!enabled || stop.signal.aborted) return Promise.resolve({ looked_up: 0, changed: 0, failed: 0 });
      running ??= run(Array.isArray(players) ? players : [])
        .catch((error: unknown): SkinRefreshReport => {
          report(error as Error);
          return { looked_up: 0, changed: 0, failed: 0 };
        })
        .finally(() => {
          running = null;
        });
      return running;
    },
    close(): void {
      stop.abort();
    },
  };
}

/** The skin hash of a session-server profile: base64 `textures` property → `SKIN.url`'s last segment. */
export function skinHashFromProfile(profile: unknown): string | null {
  const properties = (profile as { properties?: unknown } | null)?.properties;
  if (!Array.isArray(properties)) return null;
  const textures = properties.find((p) => (p as { name?: unknown })?.name === 'textures') as { value?: unknown } | undefined;
  if (typeof textures?.value !== 'string') return null;
  try {
    const decoded = JSON.parse(Buffer.from(textures.value, 'base64').toString('utf8')) as { textures?: { SKIN?: { url?: unknown } } };
    const url = decoded.textures?.SKIN?.url;
    if (typeof url !== 'string') return null; // No SKIN: the player uses a default skin.
    const hash = url.split('/').pop() ?? '';
    return HASH.test(hash) ? hash.toLowerCase() : null;
  } catch {
    return null;
  }
}

function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new TypeError(`${name} must be a positive number, got ${value}`);
  return value;
}
