import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeBadge } from 'badge-maker';
import { byName, parseSvg, textOf, visibleTexts, type XmlElement } from '../test/parse-svg.js';
import { badge, MAX_PART_WIDTH } from './badge.js';
import { palette } from './palette.js';
import { textWidth } from './text-width.js';

/** The geometry a viewer sees: sizes, rectangles, text positions and widths. */
function geometry(svg: XmlElement) {
  return {
    width: svg.attrs.width,
    height: svg.attrs.height,
    // Ours isolates right-to-left text in the label (FSI…PDI); badge-maker does not.
    label: svg.attrs['aria-label']?.replace(/[\u2068\u2069]/g, ''),
    rects: byName(svg, 'rect').map((r) => [r.attrs.x ?? '0', r.attrs.width]),
    texts: byName(svg, 'text').map((t) => [t.attrs.x, t.attrs.y, t.attrs.textLength, textOf(t)]),
  };
}

// Every pair is drawn by shields.io's own badge-maker 5.0.2 and by us: same widths, same text
// positions. Strings are already clean (no control characters) and narrower than MAX_PART_WIDTH.
const PAIRS: Array<[string, string]> = [
  ['players', '3/20'],
  ['build', 'passing'],
  ['coverage', '97%'],
  ['Steve', 'advancements 87/126'],
  ['jeb_', '1,204 h'],
  ['.BedrockBuilder', '#3'],
  ['Notch', '2 gold · 5 silver · 1 bronze'],
  ['mañana', 'Ærøskøbing'],
  ['Привет', 'Ελληνικά'],
  ['東京', '한국어'],
  ['مرحبا', 'שלום'],
  ['😀', '👨‍👩‍👧'],
  ['iiiiii', 'WWWWWW'],
  ['a', 'b'],
  ['', 'message only'],
];

describe('badge({ label, message, color, labelColor })', () => {
  it('is 84 px wide for players / 3/20, like shields.io', () => {
    assert.equal(parseSvg(badge({ label: 'players', message: '3/20' })).attrs.width, '84');
  });

  for (const [label, message] of PAIRS) {
    it(`lays out ${JSON.stringify(label)} / ${JSON.stringify(message)} exactly like badge-maker`, () => {
      const ours = geometry(parseSvg(badge({ label, message })));
      const theirs = geometry(parseSvg(makeBadge({ label, message })));
      assert.deepEqual(ours, theirs);
    });
  }

  it('is accessible: role="img", aria-label and a matching <title>', () => {
    const svg = parseSvg(badge({ label: 'Steve', message: '87/126' }));
    assert.equal(svg.attrs.role, 'img');
    assert.equal(svg.attrs['aria-label'], 'Steve: 87/126');
    assert.equal(textOf(byName(svg, 'title')[0] as XmlElement), 'Steve: 87/126');
    assert.equal(svg.attrs.xmlns, 'http://www.w3.org/2000/svg');
  });

  it('isolates a right-to-left label and message in the accessible text, and drops their controls and overrides', () => {
    const svg = parseSvg(badge({ label: '\u202Eשלום\u0007', message: 'مرحبا 3' }));
    assert.equal(svg.attrs['aria-label'], '\u2068שלום\u2069: \u2068مرحبا 3\u2069');
    assert.equal(textOf(byName(svg, 'title')[0] as XmlElement), '\u2068שלום\u2069: \u2068مرحبا 3\u2069');
    assert.doesNotMatch(badge({ label: 'a\u0000\u202Eb', message: 'c\u0085' }), /[\u0000-\u001F\u007F-\u009F\u202A-\u202E]/);
  });

  it('draws the message on the colour and the label on grey', () => {
    const fills = byName(parseSvg(badge({ label: 'a', message: 'b', color: 'pink' })), 'rect').map((r) => r.attrs.fill);
    assert.deepEqual(fills, ['#fff', '#555555', palette.pink, 'url(#s)']);
  });

  const colours: Array<[string | undefined, string]> = [
    [undefined, palette.blue], ['green', palette.green], ['ff8800', '#ff8800'], ['#ff8800', '#ff8800'],
    ['red" onload="x', palette.blue], ['constructor', palette.blue],
  ];
  for (const [color, fill] of colours) {
    it(`color ${JSON.stringify(color)} fills ${fill}`, () => {
      const options = color === undefined ? { message: 'm' } : { message: 'm', color };
      const rects = byName(parseSvg(badge(options)), 'rect');
      assert.equal(rects[2]?.attrs.fill, fill);
    });
  }

  it('takes a labelColor under the same rule', () => {
    const rects = byName(parseSvg(badge({ label: 'l', message: 'm', labelColor: 'purple' })), 'rect');
    assert.equal(rects[1]?.attrs.fill, palette.purple);
    const hostile = byName(parseSvg(badge({ label: 'l', message: 'm', labelColor: '"><x' })), 'rect');
    assert.equal(hostile[1]?.attrs.fill, palette.grey);
  });

  it('uses dark text on a light colour', () => {
    const texts = byName(parseSvg(badge({ label: 'l', message: 'm', color: 'amber' })), 'text');
    assert.equal(texts[3]?.attrs.fill, '#333');
    assert.equal(texts[1]?.attrs.fill, '#fff');
  });

  it('truncates a 500-character label and message with an ellipsis', () => {
    const svg = parseSvg(badge({ label: 'L'.repeat(500), message: 'M'.repeat(500) }));
    const [label, message] = visibleTexts(svg);
    assert.ok(label?.endsWith('\u2026') && message?.endsWith('\u2026'));
    assert.ok(textWidth(label ?? '') <= MAX_PART_WIDTH && textWidth(message ?? '') <= MAX_PART_WIDTH);
    assert.ok(Number(svg.attrs.width) <= 2 * (MAX_PART_WIDTH + 11));
  });

  it('cleans text before measuring: whitespace collapsed, controls gone', () => {
    const svg = parseSvg(badge({ label: ' a\n\tb\u0001 ', message: 'c' }));
    assert.deepEqual(visibleTexts(svg), ['a b', 'c']);
  });

  const invalid: Array<[string, unknown]> = [
    ['an unknown option', { message: 'm', colour: 'red' }],
    ['a missing message', { label: 'l' }],
    ['a non-string message', { message: 3 }],
    ['a non-string label', { message: 'm', label: 3 }],
    ['a non-string color', { message: 'm', color: 3 }],
    ['no options object', null],
  ];
  for (const [what, options] of invalid) {
    it(`throws a TypeError for ${what}`, () => {
      assert.throws(() => badge(options as never), TypeError);
    });
  }
});
