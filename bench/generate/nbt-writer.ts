import { gzipSync } from 'node:zlib';

// A minimal big-endian NBT writer for the bench's `playerdata/<uuid>.dat` files. Hand-rolled
// (instead of prismarine-nbt's writer) because the generator writes 50,000 of them: this one
// appends into one growing buffer and is an order of magnitude faster. Only the tag types a
// player file needs.

export type Nbt =
  | { t: 'byte'; v: number }
  | { t: 'short'; v: number }
  | { t: 'int'; v: number }
  | { t: 'long'; v: number }
  | { t: 'float'; v: number }
  | { t: 'double'; v: number }
  | { t: 'string'; v: string }
  | { t: 'intArray'; v: readonly number[] }
  | { t: 'list'; of: Nbt['t'] | 'end'; v: readonly Nbt[] }
  | { t: 'compound'; v: Readonly<Record<string, Nbt>> };

const TYPE_ID: Record<Nbt['t'] | 'end', number> = {
  end: 0, byte: 1, short: 2, int: 3, long: 4, float: 5, double: 6, string: 8, list: 9, compound: 10, intArray: 11,
};

export const nbt = {
  byte: (v: number): Nbt => ({ t: 'byte', v }),
  short: (v: number): Nbt => ({ t: 'short', v }),
  int: (v: number): Nbt => ({ t: 'int', v }),
  long: (v: number): Nbt => ({ t: 'long', v }),
  float: (v: number): Nbt => ({ t: 'float', v }),
  double: (v: number): Nbt => ({ t: 'double', v }),
  string: (v: string): Nbt => ({ t: 'string', v }),
  intArray: (v: readonly number[]): Nbt => ({ t: 'intArray', v }),
  list: (of: Nbt['t'], v: readonly Nbt[]): Nbt => ({ t: 'list', of: v.length === 0 ? 'end' : of, v }),
  compound: (v: Record<string, Nbt>): Nbt => ({ t: 'compound', v }),
};

class Writer {
  buffer = Buffer.allocUnsafe(64 * 1024);
  at = 0;
  ensure(n: number): void {
    if (this.at + n <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.at + n));
    this.buffer.copy(bigger, 0, 0, this.at);
    this.buffer = bigger;
  }
  u8(v: number): void { this.ensure(1); this.buffer.writeInt8(v, this.at); this.at += 1; }
  i16(v: number): void { this.ensure(2); this.buffer.writeInt16BE(v, this.at); this.at += 2; }
  u16(v: number): void { this.ensure(2); this.buffer.writeUInt16BE(v, this.at); this.at += 2; }
  i32(v: number): void { this.ensure(4); this.buffer.writeInt32BE(v | 0, this.at); this.at += 4; }
  i64(v: number): void { this.ensure(8); this.buffer.writeBigInt64BE(BigInt(Math.trunc(v)), this.at); this.at += 8; }
  f32(v: number): void { this.ensure(4); this.buffer.writeFloatBE(v, this.at); this.at += 4; }
  f64(v: number): void { this.ensure(8); this.buffer.writeDoubleBE(v, this.at); this.at += 8; }
  str(v: string): void {
    // Names and ids here are ASCII, where modified UTF-8 equals UTF-8.
    const length = Buffer.byteLength(v);
    this.u16(length);
    this.ensure(length);
    this.at += this.buffer.write(v, this.at);
  }
  payload(tag: Nbt): void {
    switch (tag.t) {
      case 'byte': this.u8(tag.v); break;
      case 'short': this.i16(tag.v); break;
      case 'int': this.i32(tag.v); break;
      case 'long': this.i64(tag.v); break;
      case 'float': this.f32(tag.v); break;
      case 'double': this.f64(tag.v); break;
      case 'string': this.str(tag.v); break;
      case 'intArray': this.i32(tag.v.length); for (const v of tag.v) this.i32(v); break;
      case 'list': this.u8(TYPE_ID[tag.of]); this.i32(tag.v.length); for (const item of tag.v) this.payload(item); break;
      case 'compound':
        for (const [name, child] of Object.entries(tag.v)) {
          this.u8(TYPE_ID[child.t]);
          this.str(name);
          this.payload(child);
        }
        this.u8(0);
        break;
    }
  }
}

/** Gzip-compressed NBT with an unnamed root compound, as the game writes `playerdata/<uuid>.dat`. */
export function writeGzippedNbt(root: Record<string, Nbt>): Buffer {
  const writer = new Writer();
  writer.u8(TYPE_ID.compound);
  writer.str('');
  writer.payload({ t: 'compound', v: root });
  return gzipSync(writer.buffer.subarray(0, writer.at));
}
