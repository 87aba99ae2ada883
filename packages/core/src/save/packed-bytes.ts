/**
 * The byte codec of the packed summaries (see packed.ts): unsigned integers as varints (7 bits a
 * byte, low bits first, high bit set on every byte but the last), signed ones zigzagged first
 * (0, -1, 1, -2 … as 0, 1, 2, 3 …), and 64-bit floats as 8 bytes little-endian. Integers are
 * handled by arithmetic, not 32-bit bit operations, so every safe integer up to 2⁵² in size
 * round-trips (`fitsVarint`).
 *
 * The bytes are kept as a string of one-byte characters (codes 0-255), which V8 stores as one
 * heap object of 16 bytes plus one byte a character: a typed array per file costs ~300 bytes
 * more (its object, its buffer object, the buffer's malloc'd store and record), ~40 MB over
 * the 132,000 summaries of a five-server network of 10,000 slots each.
 */

/** True when `n` is an integer the zigzag varint holds exactly (|n| ≤ 2⁵², not -0). */
export function fitsVarint(n: number): boolean {
  return Number.isInteger(n) && Math.abs(n) <= 2 ** 52 && !Object.is(n, -0);
}

/** The 8 bytes of a float being read or written. */
const floatBytes = new Uint8Array(8);
const floatView = new DataView(floatBytes.buffer);

/** Reads one packed string front to back. */
export class ByteReader {
  at = 0;

  constructor(readonly data: string) {}

  /** True while bytes are left. */
  get more(): boolean {
    return this.at < this.data.length;
  }

  uint(): number {
    const data = this.data;
    let byte = data.charCodeAt(this.at++);
    if (byte < 128) return byte;
    let value = byte & 127;
    let scale = 128;
    for (;;) {
      byte = data.charCodeAt(this.at++);
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
    for (let i = 0; i < 8; i++) floatBytes[i] = this.data.charCodeAt(this.at++);
    return floatView.getFloat64(0, true);
  }
}

/** Characters made by one `String.fromCharCode` call (its arguments stay well within the stack). */
const CHUNK = 8192;

/**
 * Writes one packed string into scratch space reused from string to string (one writer is in
 * use at a time: packing is synchronous), then `finish` makes the string of the bytes written.
 */
export class ByteWriter {
  private bytes = new Uint8Array(4096);
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
    floatView.setFloat64(0, n, true);
    this.bytes.set(floatBytes, this.at);
    this.at += 8;
  }

  /** The bytes written since `reset`, as a string of one-byte characters. */
  finish(): string {
    if (this.at <= CHUNK) return String.fromCharCode.apply(null, this.bytes.subarray(0, this.at) as unknown as number[]);
    const parts: string[] = [];
    for (let from = 0; from < this.at; from += CHUNK) parts.push(String.fromCharCode.apply(null, this.bytes.subarray(from, Math.min(from + CHUNK, this.at)) as unknown as number[]));
    return parts.join('');
  }
}

