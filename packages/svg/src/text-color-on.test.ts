import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { palette, type PaletteName } from './palette.js';
import { textColorOn } from './text-color-on.js';

function luminance(hex: string): number {
  const n = Number.parseInt(hex.replace('#', '').replace(/^(.)(.)(.)$/, '$1$1$2$2$3$3'), 16);
  const c = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * c(n >> 16) + 0.7152 * c((n >> 8) & 255) + 0.0722 * c(n & 255);
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('textColorOn(background)', () => {
  const expected: Array<[string, string]> = [
    ['#000000', '#fff'], ['#ffffff', '#333'], ['#555555', '#fff'], ['#ffaa00', '#333'], [palette.amber, '#333'], [palette.blue, '#fff'],
  ];
  for (const [bg, text] of expected) it(`${bg} takes ${text} text`, () => assert.equal(textColorOn(bg).text, text));

  for (const name of Object.keys(palette) as PaletteName[]) {
    it(`text on ${name} has at least 4.5:1 contrast (WCAG AA)`, () => {
      const ratio = contrast(palette[name], textColorOn(palette[name]).text);
      assert.ok(ratio >= 4.5, `${name}: ${ratio.toFixed(2)}`);
    });
    it(`${name} shows on the card background with at least 3:1 contrast`, () => {
      const ratio = contrast(palette[name], '#161b22');
      assert.ok(ratio >= 3, `${name}: ${ratio.toFixed(2)}`);
    });
  }
});
