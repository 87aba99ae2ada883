import type { ByteBlocks } from './byte-blocks.js';

/**
 * The byte codec of the packed summaries (see packed.ts): unsigned integers as varints (7 bits a
 * byte, low bits first, high bit set on every byte but the last), signed ones zigzagged first
 * (0, -1, 1, -2 … as 0, 1, 2, 3 …), and 64-bit floats as 8 bytes little-endian. Integers are
 * handled by arithmetic, not 32-bit bit operations, so every safe integer up to 2⁵² in size
 * round-trips (`fitsVarint`).
 */

/** True when `n` is an integer the zigzag varint holds exactly (|n| ≤ 2⁵², not -0). */
export function fitsVarint(n: number): boolean {
  return Number.isInteger(n) && Math.abs(n) <= 2 ** 52 && !Object.is(n, -0);
}

/** Reads one packed array front to back. */
export class ByteReader {
  at = 0;
  private view: DataView | null = null;

  constructor(readonly data: Uint8Array) {}

  /** True while bytes are left. */
  get more(): boolean {
    return this.at < this.data.length;
  }

  uint(): number {
    const data = this.data;
    let byte = data[this.at++]!;
    if (byte < 128) return byte;
    let value = byte & 127;
    let scale = 128;
    for (;;) {
      byte = data[this.at++]!;
      value += (byte & 127) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
  }

  /** A zigzagged integer. */
  int(): number {
    const u = this.uint();
    return u % 2 === 0 ? u / 2 : -(u + 1) / 2;
  }

  float(): number {
    this.view ??= new DataView(this.data.buffer, this.data.byteOffset, this.data.byteLength);
    const value = this.view.getFloat64(this.at, true);
    this.at += 8;
    return value;
  }
}

/**
 * Writes one packed array into scratch space reused from array to array (one writer is in use
 * at a time: packing is synchronous), then `finish` copies out exactly the bytes written.
 */
export class ByteWriter {
  private bytes = new Uint8Array(4096);
  private view = new DataView(this.bytes.buffer);
  private at = 0;

  /** Starts a new array. */
  reset(): void {
    this.at = 0;
  }

  private room(n: number): void {
    if (this.at + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.at + n));
    grown.set(this.bytes.subarray(0, this.at));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  /** A non-negative integer (see `fitsVarint`). */
  uint(n: number): void {
    this.room(8);
    const bytes = this.bytes;
    while (n >= 128) {
      bytes[this.at++] = (n % 128) + 128;
      n = Math.floor(n / 128);
    }
    bytes[this.at++] = n;
  }

  /** An integer of either sign (see `fitsVarint`), zigzagged. */
  int(n: number): void {
    this.uint(n >= 0 ? 2 * n : -2 * n - 1);
  }

  float(n: number): void {
    this.room(8);
    this.view.setFloat64(this.at, n, true);
    this.at += 8;
  }

  /** The bytes written since `reset`, as their own array, or as a view of one of `blocks` (see `ByteBlocks`). */
  finish(blocks?: ByteBlocks): Uint8Array {
    return blocks === undefined ? this.bytes.slice(0, this.at) : blocks.copy(this.bytes.subarray(0, this.at));
  }
}
