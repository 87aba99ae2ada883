import { gunzipSync } from 'node:zlib';
import { DEFAULT_READ_LIMITS, formatBytes } from './read-limits.js';
import { scanPlayerData } from './scan-player-data.js';

/** What the reader keeps of one `playerdata/<uuid>.dat`. */
export interface PlayerDataSummary {
  dataVersion: number | null;
  /** Paper's `Paper.LastSeen` (epoch ms), the time of the last save while online. */
  paperLastSeen: number | null;
  /** CraftBukkit's `bukkit.lastPlayed` (epoch ms). */
  bukkitLastPlayed: number | null;
  /** CraftBukkit's `bukkit.firstPlayed` (epoch ms). */
  bukkitFirstPlayed: number | null;
  /** CraftBukkit's `bukkit.lastKnownName`. */
  lastKnownName: string | null;
}

/**
 * Reads a player's `.dat` (gzip-compressed, big-endian NBT, as the game writes it; an
 * uncompressed file is accepted too) and keeps the few fields the statistics need:
 * `DataVersion`, Paper's `Paper.LastSeen`, and CraftBukkit's `bukkit.lastPlayed`,
 * `bukkit.firstPlayed` and `bukkit.lastKnownName`. Throws an `Error` with the reason when the
 * bytes are not a player file. Decompresses on the calling thread: a player file is a few KB,
 * a fraction of a millisecond, where zlib's asynchronous API would wait for libuv's thread pool
 * for each file. Decompression stops at `maxInflatedBytes` (a gzip bomb is refused, not
 * inflated), and every NBT count is checked against the bytes left before it is walked.
 *
 * @example
 * const summary = parsePlayerDataFile(readFileSync('world/playerdata/<uuid>.dat'));
 * summary.paperLastSeen; // 1775146362786
 */
export function parsePlayerDataFile(bytes: Uint8Array, maxInflatedBytes: number = DEFAULT_READ_LIMITS.playerDataInflatedBytes): PlayerDataSummary {
  let raw = asBuffer(bytes);
  if (isGzip(raw)) {
    try {
      raw = gunzipSync(raw, { maxOutputLength: maxInflatedBytes });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new Error(`decompresses to more than the ${formatBytes(maxInflatedBytes)} limit; skipped`);
      }
      throw new Error(`not valid gzip: ${(error as Error).message}`);
    }
  } else if (raw.length > maxInflatedBytes) {
    throw new Error(`uncompressed NBT of ${formatBytes(raw.length)}, over the ${formatBytes(maxInflatedBytes)} limit; skipped`);
  }
  return summarize(raw);
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function isGzip(raw: Buffer): boolean {
  return raw[0] === 0x1f && raw[1] === 0x8b;
}

/** The five kept fields of uncompressed NBT bytes. */
function summarize(raw: Buffer): PlayerDataSummary {
  // Only five fields are kept: skip the rest of the file instead of building it (~6x faster than
  // a general NBT parser). The walker reads every tag type and refuses only what the game's own
  // reader refuses (nesting past 512, a list of END tags with elements) or truncated data, so
  // there is no second opinion: a general parser given a crafted file (a list claiming 16
  // million END tags) allocates until the heap dies.
  const fields = scanPlayerData(raw);
  return {
    dataVersion: fields.dataVersion,
    paperLastSeen: plausibleEpochMs(fields.paperLastSeen),
    bukkitLastPlayed: plausibleEpochMs(fields.bukkitLastPlayed),
    bukkitFirstPlayed: plausibleEpochMs(fields.bukkitFirstPlayed),
    lastKnownName: fields.lastKnownName === '' ? null : fields.lastKnownName,
  };
}

/** 0 or negative means "never set"; keep only plausible times (after 2009, the game's birth). */
function plausibleEpochMs(value: bigint | null): number | null {
  return value !== null && value > 1_230_768_000_000n && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
}
