/** The nine default skins of Java Edition 1.19.3+, in the game's order (DefaultPlayerSkin). */
export const DEFAULT_SKIN_NAMES = ['alex', 'ari', 'efe', 'kai', 'makena', 'noor', 'steve', 'sunny', 'zuri'] as const;

export type DefaultSkinName = (typeof DEFAULT_SKIN_NAMES)[number];

/** A default skin: its name and arm model. */
export interface DefaultSkin {
  name: DefaultSkinName;
  model: 'slim' | 'wide';
}

/** The value of a hexadecimal digit's character code (either case), or -1. */
function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1; // a-f, A-F
}

/**
 * Java's `UUID.hashCode()`: the 64-bit halves XORed, then the high and low 32 bits XORed, as a
 * signed 32-bit integer. Null for a string that is no UUID (32 hexadecimal digits once its
 * dashes are removed). One pass over the characters: every player head of a page asks.
 */
export function uuidHashCode(uuid: string): number | null {
  // The four 32-bit words of the UUID, filled a digit at a time.
  const words = [0, 0, 0, 0];
  let digits = 0;
  for (let i = 0; i < uuid.length; i++) {
    const code = uuid.charCodeAt(i);
    if (code === 45) continue; // '-'
    const digit = hexDigit(code);
    if (digit === -1 || digits === 32) return null;
    words[digits >> 3] = (words[digits >> 3]! << 4) | digit;
    digits++;
  }
  if (digits !== 32) return null;
  // (msb ^ lsb) split in 32-bit words: high = w0 ^ w2, low = w1 ^ w3.
  return (words[0]! ^ words[2]! ^ (words[1]! ^ words[3]!)) | 0;
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
