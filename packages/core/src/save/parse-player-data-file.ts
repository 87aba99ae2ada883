import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import nbt from 'prismarine-nbt';

const gunzipAsync = promisify(gunzip);

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

type Tag = { type: string; value: unknown } | undefined;

function compound(tag: Tag): Record<string, Tag> | null {
  return tag?.type === 'compound' && tag.value !== null && typeof tag.value === 'object'
    ? (tag.value as Record<string, Tag>)
    : null;
}

function int(tag: Tag): number | null {
  return tag?.type === 'int' && typeof tag.value === 'number' ? tag.value : null;
}

/** NBT longs come as `[high, low]` signed 32-bit halves. Epoch ms fit a double exactly. */
function epochMs(tag: Tag): number | null {
  if (tag?.type !== 'long' || !Array.isArray(tag.value)) return null;
  const [high, low] = tag.value as [unknown, unknown];
  if (typeof high !== 'number' || typeof low !== 'number') return null;
  const value = high * 2 ** 32 + (low >>> 0);
  // 0 or negative means "never set"; keep only plausible times (after 2009, the game's birth).
  return Number.isSafeInteger(value) && value > 1_230_768_000_000 ? value : null;
}

function text(tag: Tag): string | null {
  return tag?.type === 'string' && typeof tag.value === 'string' && tag.value !== '' ? tag.value : null;
}

/**
 * Reads a player's `.dat` (gzip-compressed, big-endian NBT, as the game writes it; an
 * uncompressed file is accepted too) and keeps the few fields the statistics need:
 * `DataVersion`, Paper's `Paper.LastSeen`, and CraftBukkit's `bukkit.lastPlayed`,
 * `bukkit.firstPlayed` and `bukkit.lastKnownName`. Throws an `Error` with the reason when the
 * bytes are not a player file.
 *
 * @example
 * const summary = await parsePlayerDataFile(await readFile('world/playerdata/<uuid>.dat'));
 * summary.paperLastSeen; // 1775146362786
 */
export async function parsePlayerDataFile(bytes: Uint8Array): Promise<PlayerDataSummary> {
  let raw: Buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (raw[0] === 0x1f && raw[1] === 0x8b) {
    try {
      raw = await gunzipAsync(raw);
    } catch (error) {
      throw new Error(`not valid gzip: ${(error as Error).message}`);
    }
  }
  let root: { type: string; value: Record<string, Tag> };
  try {
    root = nbt.parseUncompressed(raw, 'big') as typeof root;
  } catch (error) {
    throw new Error(`not valid NBT: ${(error as Error).message}`);
  }
  const tags = compound(root as Tag);
  if (tags === null) throw new Error('NBT root is not a compound');
  const bukkit = compound(tags.bukkit);
  const paper = compound(tags.Paper);
  return {
    dataVersion: int(tags.DataVersion),
    paperLastSeen: paper ? epochMs(paper.LastSeen) : null,
    bukkitLastPlayed: bukkit ? epochMs(bukkit.lastPlayed) : null,
    bukkitFirstPlayed: bukkit ? epochMs(bukkit.firstPlayed) : null,
    lastKnownName: bukkit ? text(bukkit.lastKnownName) : null,
  };
}
