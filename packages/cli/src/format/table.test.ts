import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cellWidth, sanitize, table } from './table.js';
import { colorsFor } from './color.js';

const plain = colorsFor({ write() {}, isTTY: false }, {});

describe('table(rows, columns, colors)', () => {
  it('aligns columns and right-aligns numbers', () => {
    const out = table(
      [
        { name: 'Steve', n: '1,234' },
        { name: 'Alexandra', n: '5' },
      ],
      [
        { header: 'NAME', value: (r) => r.name },
        { header: 'COUNT', value: (r) => r.n, align: 'right' },
      ],
      plain,
    );
    assert.equal(out, 'NAME       COUNT\nSteve      1,234\nAlexandra      5\n');
  });

  it('strips control characters and truncates long cells', () => {
    const out = table([{ v: `\u001b[31mred${'x'.repeat(60)}` }], [{ header: 'V', value: (r) => r.v }], plain, 10);
    assert.ok(!out.includes('\u001b'));
    assert.ok(out.split('\n')[1]!.endsWith('…'));
    assert.equal(cellWidth(out.split('\n')[1]!), 10);
  });
});

describe('cellWidth(text)', () => {
  for (const [text, width] of [['abc', 3], ['日本', 4], ['e\u0301', 1], ['🙂', 2]] as const) {
    it(`${JSON.stringify(text)} takes ${width} cells`, () => assert.equal(cellWidth(text), width));
  }
  it('sanitize removes C0 and C1 controls', () => assert.equal(sanitize('a\u0007b\u009bc'), 'abc'));
});

describe('colorsFor(stream, env)', () => {
  const tty = { write() {}, isTTY: true };
  it('colours a TTY', () => assert.equal(colorsFor(tty, {}).enabled, true));
  it('honours NO_COLOR', () => assert.equal(colorsFor(tty, { NO_COLOR: '1' }).enabled, false));
  it('honours FORCE_COLOR on a pipe', () => assert.equal(colorsFor({ write() {} }, { FORCE_COLOR: '1' }).enabled, true));
  it('paints only when enabled', () => {
    assert.equal(colorsFor({ write() {} }, {}).paint('red', 'x'), 'x');
    assert.notEqual(colorsFor(tty, {}).paint('red', 'x'), 'x');
  });
});
