import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { textWidth } from './text-width.js';

// anafanafo is the measuring library shields.io's badge-maker uses; our table holds its figures
// and our lookup must give the same numbers, including for code points it has no figure for.
const anafanafo = createRequire(import.meta.url)('anafanafo') as (text: string, options: { font: string }) => number;
const verdana = (text: string) => anafanafo(text, { font: '11px Verdana' });

const SAMPLES = [
  'players', '3/20', 'Steve', 'jeb_', '.BedrockBuilder', 'advancements', '1,234 h 56 min', '#3',
  'The quick brown fox jumps over the lazy dog', 'ÆØÅ æøå ß', 'Привет', 'Ελληνικά', 'مرحبا', 'שלום',
  '東京の建築家', '한국어', '😀👨‍👩‍👧', '\u{10FFFD}', '\u0301', 'tab\there', '',
];

describe('textWidth(text, options)', () => {
  for (const sample of SAMPLES) {
    it(`matches anafanafo for ${JSON.stringify(sample)}`, () => {
      assert.ok(Math.abs(textWidth(sample) - verdana(sample)) < 1e-9, `${textWidth(sample)} vs ${verdana(sample)}`);
    });
  }

  it('gives shields.io’s known width for "players" (39.96 px, drawn 39)', () => {
    assert.equal(Math.trunc(textWidth('players')), 39);
  });

  it('scales linearly with size', () => {
    assert.ok(Math.abs(textWidth('Steve', { size: 22 }) - 2 * textWidth('Steve')) < 1e-9);
  });

  it('estimates bold as wider than regular', () => {
    const ratio = textWidth('Steve', { bold: true }) / textWidth('Steve');
    assert.ok(ratio > 1.1 && ratio < 1.15, String(ratio));
  });

  it('counts a code point without a figure as wide as "m"', () => {
    assert.equal(textWidth('\u0530'), textWidth('m')); // in a gap of the table
    assert.equal(textWidth('\u{F0000}'), textWidth('m')); // past its last range
    assert.equal(verdana('\u0530\u{F0000}'), 2 * textWidth('m'));
  });
});
