/**
 * The byte form of a statistic's gains of one day (`DayGains`), about 3 bytes a gain where
 * typed arrays took 4 to 6 (a player number and a gain). Players ascending, each gain is a head
 * byte and what it announces:
 * - its low 6 bits the step from the previous player number (from 0); 63: the step minus 63
 *   follows as a varint;
 * - its high 2 bits the gain's width: 1, 2 or 3 bytes, little-endian (0, 1, 2); or 3, a varint
 *   follows: the gain when whole from 1 to 2^53, else 0 and the gain's 8 bytes (a Float64).
 */

/** Most bytes one gain takes: head, step varint (5), escape (1), Float64 (8). */
export const MAX_GAIN_BYTES = 15;

const float = new Float64Array(1);
const floatBytes = new Uint8Array(float.buffer);

function writeVarint(out: Uint8Array, at: number, v: number): number {
  while (v >= 0x80) {
    out[at++] = (v % 0x80) | 0x80;
    v = Math.floor(v / 0x80);
  }
  out[at++] = v;
  return at;
}

/**
 * Writes one gain of `player` (`step` after the previous one of the statistic, ≥ 0) at `at` of
 * `out` (room for `MAX_GAIN_BYTES`); returns where the next one goes.
 */
export function writeGain(out: Uint8Array, at: number, step: number, gain: number): number {
  const head = at++;
  const whole = Number.isInteger(gain) && gain >= 0;
  const width = whole && gain < 0x100 ? 0 : whole && gain < 0x1_0000 ? 1 : whole && gain < 0x100_0000 ? 2 : 3;
  out[head] = (width << 6) | (step < 63 ? step : 63);
  if (step >= 63) at = writeVarint(out, at, step - 63);
  if (width < 3) {
    out[at++] = gain & 0xff;
    if (width > 0) out[at++] = (gain >>> 8) & 0xff;
    if (width > 1) out[at++] = gain >>> 16;
  } else if (whole && gain <= Number.MAX_SAFE_INTEGER) {
    at = writeVarint(out, at, gain);
  } else {
    out[at++] = 0;
    float[0] = gain;
    out.set(floatBytes, at);
    at += 8;
  }
  return at;
}

/** Where `nextGain` reads: the byte, and the player of the gain it read last. */
let at = 0;
let player = 0;

/** Reads the gain at `at` of `bytes` (its player's step added to `player`); moves `at` past it. */
function nextGain(bytes: Uint8Array): number {
  const head = bytes[at++]!;
  let step = head & 63;
  if (step === 63) {
    let b = bytes[at++]!;
    let extra = b & 0x7f;
    for (let scale = 0x80; b & 0x80; scale *= 0x80) extra += ((b = bytes[at++]!) & 0x7f) * scale;
    step += extra;
  }
  player += step;
  const width = head >>> 6;
  if (width === 0) return bytes[at++]!;
  if (width === 1) {
    at += 2;
    return bytes[at - 2]! | (bytes[at - 1]! << 8);
  }
  if (width === 2) {
    at += 3;
    return bytes[at - 3]! | (bytes[at - 2]! << 8) | (bytes[at - 1]! << 16);
  }
  let b = bytes[at++]!;
  let gain = b & 0x7f;
  for (let scale = 0x80; b & 0x80; scale *= 0x80) gain += ((b = bytes[at++]!) & 0x7f) * scale;
  if (gain !== 0) return gain;
  floatBytes.set(bytes.subarray(at, at + 8));
  at += 8;
  return float[0]!;
}

/**
 * Reads the gains written in `bytes` from `from` to `to` (`writeGain`, players from 0) into
 * `players` and `gains` (room for `(to - from) / 2` at least); returns how many.
 */
export function readGains(bytes: Uint8Array, from: number, to: number, players: Int32Array, gains: Float64Array): number {
  let n = 0;
  at = from;
  player = 0;
  while (at < to) {
    gains[n] = nextGain(bytes);
    players[n++] = player;
  }
  return n;
}

/**
 * Adds the gains written in `bytes` from `from` to `to` into `into`, indexed by player: what
 * summing a period goes through, decoded inline (as `nextGain` does) for speed.
 */
export function addGains(bytes: Uint8Array, from: number, to: number, into: Float64Array): void {
  let i = from;
  let p = 0;
  while (i < to) {
    const head = bytes[i]!;
    const step = head & 63;
    if (step === 63 || head >= 0xc0) {
      // The rare long step or wide gain: read as `nextGain` does.
      at = i;
      player = p;
      const gain = nextGain(bytes);
      i = at;
      p = player;
      into[p]! += gain;
      continue;
    }
    p += step;
    const width = head >>> 6;
    if (width === 0) {
      into[p]! += bytes[i + 1]!;
      i += 2;
    } else if (width === 1) {
      into[p]! += bytes[i + 1]! | (bytes[i + 2]! << 8);
      i += 3;
    } else {
      into[p]! += bytes[i + 1]! | (bytes[i + 2]! << 8) | (bytes[i + 3]! << 16);
      i += 4;
    }
  }
}
