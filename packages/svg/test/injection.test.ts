// The injection corpus goes through every text and colour input of every renderer. Whatever goes
// in, the output must parse with a strict XML parser, contain no XML-illegal character, raw
// `]]>` or markup of its own making, and show the input only as cleaned, escaped text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { badge } from '../src/badge.js';
import { errorBadge } from '../src/error-badge.js';
import { isolateText } from '../src/clean-text.js';
import { fitText } from '../src/fit-text.js';
import { playerCard } from '../src/player-card.js';
import { BEDROCK_PLAYER, JAVA_PLAYER } from './card-data.js';
import { HOSTILE_COLORS, HOSTILE_TEXT } from './corpus.js';
import { elements, parseSvg, textOf, XML_ILLEGAL, type XmlElement } from './parse-svg.js';

const ELEMENTS = new Set(['svg', 'title', 'linearGradient', 'stop', 'clipPath', 'rect', 'g', 'text', 'circle']);
const ATTRIBUTES = new Set([
  'xmlns', 'width', 'height', 'viewBox', 'role', 'aria-label', 'aria-hidden', 'id', 'x', 'y', 'x2', 'y2', 'rx', 'r', 'cx', 'cy',
  'offset', 'stop-color', 'stop-opacity', 'clip-path', 'fill', 'fill-opacity', 'stroke', 'text-anchor', 'font-family',
  'font-size', 'font-weight', 'text-rendering', 'transform', 'textLength',
]);
const PAINT = /^(?:#[0-9a-f]{3}|#[0-9a-f]{6}|none|url\(#(?:s|r|card)\))$/;

/** Checks one rendering and returns its parsed tree. */
function check(xml: string): XmlElement {
  assert.doesNotMatch(xml, XML_ILLEGAL, 'XML-illegal character in output');
  assert.ok(!xml.includes(']]>'), 'raw ]]> in output');
  const svg = parseSvg(xml);
  assert.equal(svg.name, 'svg');
  for (const e of elements(svg)) {
    assert.ok(ELEMENTS.has(e.name), `unexpected element <${e.name}>`);
    for (const [key, value] of Object.entries(e.attrs)) {
      assert.ok(ATTRIBUTES.has(key), `unexpected attribute ${key} on <${e.name}>`);
      if (key === 'fill' || key === 'stroke' || key === 'stop-color') assert.match(value, PAINT, `${key}="${value}"`);
      if (key === 'clip-path') assert.match(value, /^url\(#(?:r|card)\)$/);
    }
  }
  return svg;
}

const visible = (svg: XmlElement) =>
  [...elements(svg)].filter((e) => e.name === 'text' && e.attrs['aria-hidden'] !== 'true').map(textOf);

describe('injection corpus', () => {
  it('badge: label and message', () => {
    for (const text of HOSTILE_TEXT) {
      const svg = check(badge({ label: text, message: text }));
      const shown = fitText(text, 240);
      assert.deepEqual(visible(svg), shown === '' ? [] : [shown, shown], JSON.stringify(text));
      // Each part isolated when it holds right-to-left text (issue 40), so it cannot reorder the other.
      assert.equal(svg.attrs['aria-label'], shown === '' ? '' : `${isolateText(shown)}: ${isolateText(shown)}`);
    }
  });

  it('badge: color and labelColor are never echoed', () => {
    for (const color of HOSTILE_COLORS) {
      const xml = badge({ label: 'l', message: 'm', color, labelColor: color });
      check(xml);
      if (color.length >= 4) assert.ok(!xml.includes(color), `echoed ${JSON.stringify(color)}`);
    }
  });

  it('errorBadge: message', () => {
    for (const text of HOSTILE_TEXT) {
      const svg = check(errorBadge(404, text));
      assert.deepEqual(visible(svg), ['404', fitText(text, 240) || 'error']);
    }
  });

  for (const field of ['name', 'serverName', 'playTime', 'memberSince'] as const) {
    it(`playerCard: ${field}`, () => {
      for (const text of HOSTILE_TEXT) {
        for (const base of [JAVA_PLAYER, BEDROCK_PLAYER]) {
          const svg = check(playerCard({ ...base, [field]: text }));
          assert.equal(svg.attrs.width, '500');
          // The cleaned input (or its truncated start) is what the card shows.
          const clean = fitText(text, Number.POSITIVE_INFINITY);
          const start = clean.slice(0, 8);
          if (start.trim() !== '' && field !== 'memberSince') {
            assert.ok(visible(svg).some((t) => t.includes(start) || t.startsWith(start.slice(0, 1))), `${field} ${JSON.stringify(text)}`);
          }
        }
      }
    });
  }

  it('playerCard: accent color is never echoed', () => {
    for (const color of HOSTILE_COLORS) {
      const xml = playerCard(JAVA_PLAYER, { color });
      check(xml);
      if (color.length >= 4) assert.ok(!xml.includes(color), `echoed ${JSON.stringify(color)}`);
    }
  });
});
