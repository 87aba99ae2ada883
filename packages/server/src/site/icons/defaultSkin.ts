/** The nine default skins of Java Edition 1.19.3+, in the game's order (DefaultPlayerSkin). */
export const DEFAULT_SKIN_NAMES = ['alex', 'ari', 'efe', 'kai', 'makena', 'noor', 'steve', 'sunny', 'zuri'] as const;

export type DefaultSkinName = (typeof DEFAULT_SKIN_NAMES)[number];

/** A default skin: its name and arm model. */
export interface DefaultSkin {
  name: DefaultSkinName;
  model: 'slim' | 'wide';
}

const HEX_UUID = /^[0-9a-f]{32}$/;

/**
 * Java's `UUID.hashCode()`: the 64-bit halves XORed, then the high and low 32 bits XORed, as a
 * signed 32-bit integer. Null for a string that is no UUID.
 */
export function uuidHashCode(uuid: string): number | null {
  const hex = uuid.replaceAll('-', '').toLowerCase();
  if (!HEX_UUID.test(hex)) return null;
  const word = (i: number): number => Number.parseInt(hex.slice(i * 8, i * 8 + 8), 16);
  // (msb ^ lsb) split in 32-bit words: high = w0 ^ w2, low = w1 ^ w3.
  return ((word(0) ^ word(2)) ^ (word(1) ^ word(3))) | 0;
}

/**
 * The default skin the game gives a player without a skin of their own (offline mode, a Bedrock
 * player seen through Floodgate, skin lookups off), as 1.19.3+ chooses it: eighteen skins (the
 * nine slim ones, then the nine wide ones) indexed by `Math.floorMod(uuid.hashCode(), 18)`.
 * A string that is no UUID gets Steve (the game's fallback texture, `DEFAULT_SKINS[6]`).
 *
 * @example
 * defaultSkin('069a79f4-44e9-4726-a5be-fca90e38aaf5'); // { name: 'alex', model: 'slim' }
 */
export function defaultSkin(uuid: string): DefaultSkin {
  const hash = uuidHashCode(uuid);
  if (hash === null) return { name: 'steve', model: 'slim' };
  const count = DEFAULT_SKIN_NAMES.length;
  const index = ((hash % (count * 2)) + count * 2) % (count * 2);
  return { name: DEFAULT_SKIN_NAMES[index % count]!, model: index < count ? 'slim' : 'wide' };
}
