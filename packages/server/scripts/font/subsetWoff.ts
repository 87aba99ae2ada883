/**
 * Keeps a WOFF font's outlines for some characters only, for the page budget: a tool of the
 * pixel face's generator (generate-pixel-font.ts), not of the server.
 *
 * Glyph numbers are kept (every other glyph is left empty), so the layout tables (GPOS kerning,
 * GSUB, GDEF, hmtx) stay valid untouched; `post` drops its glyph names (version 3). The result is
 * a WOFF2 file with every table untransformed (the null transform), brotli-compressed together.
 * The style sheet's `unicode-range` must list the kept characters only: the emptied glyphs still
 * sit in `cmap`.
 */
import { brotliCompressSync, constants, inflateSync } from 'node:zlib';
import { cmapGlyphs } from './cmapGlyphs.js';

type Tables = Map<string, Buffer>;

/** The sfnt flavour and the decompressed tables of a WOFF 1.0 file. */
function readWoff(woff: Buffer): { flavor: number; tables: Tables } {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 file');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables: Tables = new Map();
  for (let i = 0; i < count; i++) {
    const at = 44 + i * 20;
    const tag = woff.toString('latin1', at, at + 4);
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const data = woff.subarray(offset, offset + compLength);
    tables.set(tag, compLength < origLength ? inflateSync(data) : Buffer.from(data));
  }
  return { flavor, tables };
}

/** Each glyph's bytes in `glyf`, by `loca` (short or long offsets, as `head` says). */
function glyphs(tables: Tables): Buffer[] {
  const long = tables.get('head')!.readInt16BE(50) === 1;
  const loca = tables.get('loca')!;
  const glyf = tables.get('glyf')!;
  const count = tables.get('maxp')!.readUInt16BE(4);
  const at = (i: number) => (long ? loca.readUInt32BE(i * 4) : loca.readUInt16BE(i * 2) * 2);
  return Array.from({ length: count }, (_, i) => glyf.subarray(at(i), at(i + 1)));
}

/** The glyphs a composite glyph is built of. */
function components(glyph: Buffer): number[] {
  if (glyph.length === 0 || glyph.readInt16BE(0) >= 0) return [];
  const out: number[] = [];
  let at = 10;
  for (;;) {
    const flags = glyph.readUInt16BE(at);
    out.push(glyph.readUInt16BE(at + 2));
    at += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
    if (!(flags & 0x0020)) return out;
  }
}

/** The tags WOFF2 numbers (its "known table tags"), by number. */
const KNOWN_TAGS = 'cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'.match(/.{4}(?: |$)/g)!.map((t) => t.slice(0, 4));

/** A WOFF2 UIntBase128. */
function base128(n: number): Buffer {
  const bytes = [n & 0x7f];
  for (n = Math.floor(n / 128); n > 0; n = Math.floor(n / 128)) bytes.unshift(0x80 | (n & 0x7f));
  return Buffer.from(bytes);
}

/**
 * A WOFF2 file of these tables, none transformed (version 3 for glyf and loca, 0 for the rest),
 * loca right after glyf, the tables' data brotli-compressed as one stream.
 */
function writeWoff2(flavor: number, tables: Tables): Buffer {
  const tags = [...tables.keys()].filter((tag) => tag !== 'loca').sort();
  if (tables.has('loca')) tags.splice(tags.indexOf('glyf') + 1, 0, 'loca');
  const directory = tags.map((tag) => {
    const known = KNOWN_TAGS.indexOf(tag);
    const transform = tag === 'glyf' || tag === 'loca' ? 3 << 6 : 0;
    const flags = Buffer.from([transform | (known >= 0 ? known : 63)]);
    return Buffer.concat([flags, known >= 0 ? Buffer.alloc(0) : Buffer.from(tag, 'latin1'), base128(tables.get(tag)!.length)]);
  });
  const data = Buffer.concat(tags.map((tag) => tables.get(tag)!));
  const compressed = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_FONT, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  const sfntSize = 12 + 16 * tags.length + tags.reduce((sum, tag) => sum + Math.ceil(tables.get(tag)!.length / 4) * 4, 0);
  const dir = Buffer.concat(directory);
  const unpadded = 48 + dir.length + compressed.length;
  const length = Math.ceil(unpadded / 4) * 4;
  const header = Buffer.alloc(48);
  header.write('wOF2', 0, 'latin1');
  header.writeUInt32BE(flavor, 4);
  header.writeUInt32BE(length, 8);
  header.writeUInt16BE(tags.length, 12);
  header.writeUInt32BE(sfntSize, 16);
  header.writeUInt32BE(compressed.length, 20);
  header.writeUInt16BE(1, 24); // font version 1.0; no metadata, no private data
  return Buffer.concat([header, dir, compressed, Buffer.alloc(length - unpadded)]);
}

/**
 * The font with outlines for `codePoints` only (and the glyphs they are built of, and glyph 0,
 * the missing-glyph box), as WOFF2, and the code points it draws (`codePoints`, sorted; a code
 * point the font lacks throws).
 */
export function subsetWoff(woff: Buffer, codePoints: readonly number[]): { woff2: Buffer; drawn: number[] } {
  const { flavor, tables } = readWoff(woff);
  const map = cmapGlyphs(tables.get('cmap')!);
  const all = glyphs(tables);
  const missing = codePoints.filter((c) => !map.has(c));
  if (missing.length > 0) throw new Error(`the font has no glyph for ${missing.map((c) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`).join(', ')}`);
  const drawn = [...codePoints].sort((a, b) => a - b);
  const keep = new Set<number>([0]);
  const queue = drawn.map((c) => map.get(c)!);
  while (queue.length > 0) {
    const glyph = queue.pop()!;
    if (keep.has(glyph)) continue;
    keep.add(glyph);
    queue.push(...components(all[glyph]!));
  }
  keep.add(0);
  // glyf: the kept outlines, each padded to 4 bytes; loca: long offsets.
  const kept = all.map((glyph, i) => (keep.has(i) ? Buffer.concat([glyph, Buffer.alloc((4 - (glyph.length % 4)) % 4)]) : Buffer.alloc(0)));
  const loca = Buffer.alloc((all.length + 1) * 4);
  let at = 0;
  kept.forEach((glyph, i) => {
    loca.writeUInt32BE(at, i * 4);
    at += glyph.length;
  });
  loca.writeUInt32BE(at, all.length * 4);
  const head = Buffer.from(tables.get('head')!);
  head.writeInt16BE(1, 50); // indexToLocFormat: long
  head.writeUInt32BE(0, 8); // checkSumAdjustment: not kept up to date (a browser does not check it)
  const post = Buffer.from(tables.get('post')!.subarray(0, 32));
  post.writeUInt32BE(0x00030000, 0); // no glyph names
  const out: Tables = new Map(tables);
  out.set('glyf', Buffer.concat(kept));
  out.set('loca', loca);
  out.set('head', head);
  out.set('post', post);
  return { woff2: writeWoff2(flavor, out), drawn };
}
