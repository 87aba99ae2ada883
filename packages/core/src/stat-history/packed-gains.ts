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

/**
 * Reads the gains written in `bytes` from `from` to `to` (`writeGain`, players from 0) into
 * `players` and `gains` (room for `(to - from) / 2` at least); returns how many.
 */
export function readGains(bytes: Uint8Array, from: number, to: number, players: Int32Array, gains: Float64Array): number {
  let n = 0;
  let player = 0;
  let i = from;
  while (i < to) {
    const head = bytes[i++]!;
    let step = head & 63;
    if (step === 63) {
      let b = bytes[i++]!;
      let extra = b & 0x7f;
      for (let scale = 0x80; b & 0x80; scale *= 0x80) extra += ((b = bytes[i++]!) & 0x7f) * scale;
      step += extra;
    }
    player += step;
    const width = head >>> 6;
    let gain: number;
    if (width === 0) gain = bytes[i++]!;
    else if (width === 1) {
      gain = bytes[i]! | (bytes[i + 1]! << 8);
      i += 2;
    } else if (width === 2) {
      gain = bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16);
      i += 3;
    } else {
      let b = bytes[i++]!;
      gain = b & 0x7f;
      for (let scale = 0x80; b & 0x80; scale *= 0x80) gain += ((b = bytes[i++]!) & 0x7f) * scale;
      if (gain === 0) {
        floatBytes.set(bytes.subarray(i, i + 8));
        gain = float[0]!;
        i += 8;
      }
    }
    players[n] = player;
    gains[n++] = gain;
  }
  return n;
}
