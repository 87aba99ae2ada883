// A reader for the few fields blockstats takes from a player's `.dat` (big-endian NBT, already
// gunzipped): it walks the tags and skips everything else by its length (inventories, ender
// chests, the recipe book with its ~1,500 strings) instead of building objects for them, as a
// general NBT parser does.

/** The raw fields, before the summary's plausibility checks. */
export interface PlayerDataFields {
  dataVersion: number | null;
  paperLastSeen: bigint | null;
  bukkitLastPlayed: bigint | null;
  bukkitFirstPlayed: bigint | null;
  lastKnownName: string | null;
}

const END = 0;
const BYTE = 1;
const SHORT = 2;
const INT = 3;
const LONG = 4;
const FLOAT = 5;
const DOUBLE = 6;
const BYTE_ARRAY = 7;
const STRING = 8;
const LIST = 9;
const COMPOUND = 10;
const INT_ARRAY = 11;
const LONG_ARRAY = 12;

/** Payload sizes of the fixed-size tag types. */
const FIXED: Record<number, number> = { [BYTE]: 1, [SHORT]: 2, [INT]: 4, [LONG]: 8, [FLOAT]: 4, [DOUBLE]: 8 };
/** Element sizes of the array tag types. */
const ARRAY: Record<number, number> = { [BYTE_ARRAY]: 1, [INT_ARRAY]: 4, [LONG_ARRAY]: 8 };
/**
 * Fewest bytes one element of a list of each type takes: a list's count is checked against the
 * bytes left before its elements are walked, so a crafted count (16,777,215 elements in a
 * 110-byte file) is refused at once.
 */
const MIN_SIZE: Record<number, number> = { ...FIXED, [BYTE_ARRAY]: 4, [STRING]: 2, [LIST]: 5, [COMPOUND]: 1, [INT_ARRAY]: 4, [LONG_ARRAY]: 4 };
/** Nesting deeper than this is not a player file: the game's own reader refuses it (and it would only exhaust the stack). */
const MAX_DEPTH = 512;

class Truncated extends Error {}

/** Which compound the walker is in: the fields it keeps depend on it. */
type Where = 'root' | 'bukkit' | 'paper' | 'other';

/**
 * Reads `DataVersion`, `bukkit.{lastPlayed, firstPlayed, lastKnownName}` and `Paper.LastSeen`
 * from uncompressed big-endian NBT. A repeated name keeps its last value, as a parser building
 * an object would. Throws an Error (`unexpected end of data`, `unknown tag type 13`, …) when the
 * bytes are not well-formed NBT, and `NBT root is not a compound` for another root.
 *
 * @example
 * scanPlayerData(gunzipSync(readFileSync('world/playerdata/<uuid>.dat'))).bukkitLastPlayed; // 1775146362786n
 */
export function scanPlayerData(data: Uint8Array): PlayerDataFields {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const decoder = new TextDecoder();
  const length = data.byteLength;
  let at = 0;
  const fields: PlayerDataFields = { dataVersion: null, paperLastSeen: null, bukkitLastPlayed: null, bukkitFirstPlayed: null, lastKnownName: null };

  const need = (n: number): void => {
    if (n < 0 || at + n > length) throw new Truncated('unexpected end of data');
  };
  const u8 = (): number => {
    need(1);
    return view.getUint8(at++);
  };
  const u16 = (): number => {
    need(2);
    const v = view.getUint16(at);
    at += 2;
    return v;
  };
  const i32 = (): number => {
    need(4);
    const v = view.getInt32(at);
    at += 4;
    return v;
  };
  const string = (): string => {
    const n = u16();
    need(n);
    const v = decoder.decode(data.subarray(at, at + n));
    at += n;
    return v;
  };
  const skipString = (): void => {
    const n = u16();
    need(n);
    at += n;
  };

  /** Skips (or, where wanted, reads) the payload of a tag of `type` named `name` inside `where`. */
  const payload = (type: number, name: string | null, where: Where, depth: number): void => {
    if (depth > MAX_DEPTH) throw new Error('nested too deeply');
    // A repeated name replaces the earlier value, whatever its type.
    if (where === 'bukkit') {
      if (name === 'lastPlayed') fields.bukkitLastPlayed = null;
      else if (name === 'firstPlayed') fields.bukkitFirstPlayed = null;
      else if (name === 'lastKnownName') fields.lastKnownName = null;
    } else if (where === 'paper' && name === 'LastSeen') {
      fields.paperLastSeen = null;
    }
    const fixed = FIXED[type];
    if (fixed !== undefined) {
      need(fixed);
      if (where === 'root' && type === INT && name === 'DataVersion') fields.dataVersion = view.getInt32(at);
      if (type === LONG) {
        if (where === 'bukkit' && name === 'lastPlayed') fields.bukkitLastPlayed = view.getBigInt64(at);
        else if (where === 'bukkit' && name === 'firstPlayed') fields.bukkitFirstPlayed = view.getBigInt64(at);
        else if (where === 'paper' && name === 'LastSeen') fields.paperLastSeen = view.getBigInt64(at);
      }
      at += fixed;
      return;
    }
    const element = ARRAY[type];
    if (element !== undefined) {
      const n = i32();
      need(n * element);
      at += n * element;
      return;
    }
    switch (type) {
      case STRING:
        if (where === 'bukkit' && name === 'lastKnownName') fields.lastKnownName = string();
        else skipString();
        return;
      case LIST: {
        const itemType = u8();
        const n = i32();
        if (n <= 0) return;
        // The game refuses a list of END tags with elements too ("Missing type on ListTag").
        if (itemType === END) throw new Error('list of end tags');
        const minimum = MIN_SIZE[itemType];
        if (minimum === undefined) throw new Error(`unknown tag type ${itemType}`);
        need(n * minimum);
        if (FIXED[itemType] !== undefined) {
          at += n * minimum;
          return;
        }
        for (let i = 0; i < n; i++) payload(itemType, null, 'other', depth + 1);
        return;
      }
      case COMPOUND: {
        // A compound named bukkit or Paper at the root holds the fields; any other holds none.
        const inner: Where = where === 'root' && name === 'bukkit' ? 'bukkit' : where === 'root' && name === 'Paper' ? 'paper' : 'other';
        for (;;) {
          const childType = u8();
          if (childType === END) return;
          const childName = inner === 'other' ? (skipString(), null) : string();
          payload(childType, childName, inner, depth + 1);
        }
      }
      default:
        throw new Error(`unknown tag type ${type}`);
    }
  };

  try {
    const rootType = u8();
    if (rootType !== COMPOUND) {
      if (rootType > LONG_ARRAY) throw new Error(`unknown tag type ${rootType}`);
      if (rootType === END) throw new RootNotCompound();
      // Another well-formed tag is "not a compound"; anything else is not NBT at all.
      skipString();
      payload(rootType, null, 'other', 1);
      throw new RootNotCompound();
    }
    skipString();
    // The root compound's children, read by name.
    for (;;) {
      const childType = u8();
      if (childType === END) break;
      const childName = string();
      // A repeated name replaces the earlier value, whatever its type (a compound entirely).
      if (childName === 'DataVersion') fields.dataVersion = null;
      if (childName === 'bukkit') fields.bukkitLastPlayed = fields.bukkitFirstPlayed = fields.lastKnownName = null;
      if (childName === 'Paper') fields.paperLastSeen = null;
      payload(childType, childName, 'root', 1);
    }
  } catch (error) {
    if (error instanceof RootNotCompound) throw error;
    throw new Error(`not valid NBT: ${(error as Error).message}`);
  }
  return fields;
}

/** Thrown when the root tag is not a compound. */
export class RootNotCompound extends Error {
  constructor() {
    super('NBT root is not a compound');
  }
}
