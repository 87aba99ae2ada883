/**
 * The characters a WOFF2 font draws: those its `cmap` maps to a glyph that has an outline. A tool
 * of the pixel face's tests: a subset made by subsetWoff.ts keeps every `cmap` entry but empties
 * the glyphs it leaves out, and a font can map a character to an empty glyph, so `cmap` alone
 * does not say what a browser will draw.
 *
 * Reads both forms of `glyf` WOFF2 allows: transformed (the number of contours per glyph leads
 * the table) and untransformed, with `loca`.
 */
import { brotliDecompressSync } from 'node:zlib';
import { cmapGlyphs } from './cmapGlyphs.js';

const KNOWN_TAGS = 'cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'.match(/.{4}(?: |$)/g)!.map((t) => t.slice(0, 4));

interface Woff2Table {
  readonly tag: string;
  readonly transformed: boolean;
  readonly data: Buffer;
}

/** The tables of a WOFF2 file (not a collection), as stored: transformed ones stay transformed. */
function readWoff2(file: Uint8Array): Map<string, Woff2Table> {
  const woff2 = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (woff2.toString('latin1', 0, 4) !== 'wOF2') throw new Error('not a WOFF2 file');
  const count = woff2.readUInt16BE(12);
  let at = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = woff2[at++]!;
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
    throw new Error('bad UIntBase128 in the WOFF2 table directory');
  };
  const entries: Array<{ tag: string; transformed: boolean; length: number }> = [];
  for (let i = 0; i < count; i++) {
    const flags = woff2[at++]!;
    const tag = (flags & 0x3f) === 63 ? woff2.toString('latin1', at, (at += 4)) : KNOWN_TAGS[flags & 0x3f]!;
    const version = flags >> 6;
    const origLength = base128();
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    entries.push({ tag, transformed, length: transformed ? base128() : origLength });
  }
  const stream = brotliDecompressSync(woff2.subarray(at, at + woff2.readUInt32BE(20)));
  const tables = new Map<string, Woff2Table>();
  let offset = 0;
  for (const { tag, transformed, length } of entries) {
    tables.set(tag, { tag, transformed, data: stream.subarray(offset, offset + length) });
    offset += length;
  }
  return tables;
}

/** Whether each glyph has an outline (contours, or components), by glyph number. */
function glyphsWithOutlines(tables: Map<string, Woff2Table>): boolean[] {
  const glyf = tables.get('glyf');
  if (!glyf) throw new Error('the font has no glyf table');
  if (glyf.transformed) {
    const numGlyphs = glyf.data.readUInt16BE(4);
    return Array.from({ length: numGlyphs }, (_, i) => glyf.data.readInt16BE(36 + i * 2) !== 0);
  }
  const long = tables.get('head')!.data.readInt16BE(50) === 1;
  const loca = tables.get('loca')!.data;
  const numGlyphs = tables.get('maxp')!.data.readUInt16BE(4);
  const at = (i: number) => (long ? loca.readUInt32BE(i * 4) : loca.readUInt16BE(i * 2) * 2);
  return Array.from({ length: numGlyphs }, (_, i) => at(i + 1) > at(i));
}

/**
 * The code points a WOFF2 font draws.
 *
 * @example
 * woff2DrawnCodePoints(readFileSync('pixelify-sans-cyrillic.woff2')).has(0x041e); // true once О is drawn
 */
export function woff2DrawnCodePoints(woff2: Uint8Array): Set<number> {
  const tables = readWoff2(woff2);
  const outlines = glyphsWithOutlines(tables);
  const drawn = new Set<number>();
  for (const [codePoint, glyph] of cmapGlyphs(tables.get('cmap')!.data)) if (outlines[glyph]) drawn.add(codePoint);
  return drawn;
}
