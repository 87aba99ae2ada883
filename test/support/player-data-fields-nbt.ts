import nbt from 'prismarine-nbt';
import type { PlayerDataFields } from '../../packages/core/src/save/scan-player-data.js';

type Tag = { type: string; value: unknown } | undefined;

function compound(tag: Tag): Record<string, Tag> | null {
  return tag?.type === 'compound' && tag.value !== null && typeof tag.value === 'object'
    ? (tag.value as Record<string, Tag>)
    : null;
}

/** NBT longs come from prismarine-nbt as `[high, low]` signed 32-bit halves. */
function long(tag: Tag): bigint | null {
  if (tag?.type !== 'long' || !Array.isArray(tag.value)) return null;
  const [high, low] = tag.value as [unknown, unknown];
  if (typeof high !== 'number' || typeof low !== 'number') return null;
  return (BigInt(high) << 32n) | BigInt(low >>> 0);
}

/**
 * The same fields as `scanPlayerData`, read by building the whole tree with prismarine-nbt: the
 * general parser the fast walker is checked against in the tests. Never used by the reader: a
 * general parser builds whatever a crafted file's counts claim (see `scanPlayerData`). Throws an
 * `Error` with prismarine-nbt's reason when the bytes are not NBT.
 */
export function playerDataFieldsFromNbt(data: Uint8Array): PlayerDataFields {
  let root: Tag;
  try {
    root = nbt.parseUncompressed(Buffer.from(data.buffer, data.byteOffset, data.byteLength), 'big') as Tag;
  } catch (error) {
    throw new Error(`not valid NBT: ${(error as Error).message}`);
  }
  const tags = compound(root);
  if (tags === null) throw new Error('NBT root is not a compound');
  const bukkit = compound(tags.bukkit);
  const paper = compound(tags.Paper);
  const name = bukkit?.lastKnownName;
  return {
    dataVersion: tags.DataVersion?.type === 'int' && typeof tags.DataVersion.value === 'number' ? tags.DataVersion.value : null,
    paperLastSeen: paper ? long(paper.LastSeen) : null,
    bukkitLastPlayed: bukkit ? long(bukkit.lastPlayed) : null,
    bukkitFirstPlayed: bukkit ? long(bukkit.firstPlayed) : null,
    lastKnownName: name?.type === 'string' && typeof name.value === 'string' ? name.value : null,
  };
}
