import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSvg, visibleTexts } from '../test/parse-svg.js';
import { boardCard, type BoardCardData } from './board-card.js';
import { palette } from './palette.js';
import { textWidth } from './text-width.js';

const HEAD = 'aa7744'.repeat(64);

const BOARD: BoardCardData = {
  title: 'Jumps',
  subtitle: 'Blockville SMP \u00B7 all time',
  rows: [
    { rank: 1, name: 'Steve_2009', value: '12,345', head: HEAD },
    { rank: 2, name: 'Alex', value: '9,876' },
    { rank: 2, name: '.Tide_Walker', value: '9,876' },
    { rank: 4, name: 'Zed', value: '10' },
    { rank: 5, name: 'Ann', value: '9' },
    { rank: 6, name: 'Not drawn', value: '1' },
  ],
};

describe('boardCard(data, options)', () => {
  it('draws the title, the subtitle and the first five rows (rank, name, value), ties sharing a rank', () => {
    assert.deepEqual(visibleTexts(parseSvg(boardCard(BOARD))), [
      'Jumps', 'Blockville SMP \u00B7 all time',
      '#1', 'Steve_2009', '12,345',
      '#2', 'Alex', '9,876',
      '#2', '.Tide_Walker', '9,876',
      '#4', 'Zed', '10',
      '#5', 'Ann', '9',
    ]);
  });

  it('is 600 × 314 (1.91:1, a link preview) and says every row in its accessible name', () => {
    const svg = parseSvg(boardCard(BOARD));
    assert.equal(svg.attrs.width, '600');
    assert.equal(svg.attrs.height, '314');
    assert.match(svg.attrs['aria-label'] ?? '', /^Jumps\. Blockville SMP · all time\. #1 \S*Steve_2009\S* 12,345\./);
    assert.ok(!(svg.attrs['aria-label'] ?? '').includes('Not drawn'));
  });

  it('draws a head only where the row gives one', () => {
    const xml = boardCard(BOARD);
    assert.equal((xml.match(/shape-rendering="crispEdges"/g) ?? []).length, 1);
    assert.equal((boardCard({ ...BOARD, rows: [{ rank: 1, name: 'A', value: '1', head: 'not a head' }] }).match(/crispEdges/g) ?? []).length, 0);
  });

  it('says the empty text when there is no row', () => {
    assert.deepEqual(visibleTexts(parseSvg(boardCard({ title: 'Jumps', subtitle: 'x', rows: [], empty: 'No one yet' }))), ['Jumps', 'x', 'No one yet']);
  });

  it('cuts a long name to its slot, keeps the value whole, and escapes markup', () => {
    const name = `<script>${'W'.repeat(300)}`;
    const texts = visibleTexts(parseSvg(boardCard({ ...BOARD, rows: [{ rank: 1, name, value: '123 h 45 min' }] })));
    assert.ok(texts[3]!.startsWith('<script>W') && texts[3]!.endsWith('\u2026'));
    assert.ok(textWidth(texts[3]!, { size: 17 }) < 600 - 28 - 80 - 100);
    assert.equal(texts[4], '123 h 45 min');
    assert.ok(!boardCard({ ...BOARD, rows: [{ rank: 1, name, value: '1' }] }).includes('<script>'));
  });

  it('takes the accent colour and refuses unknown options', () => {
    assert.ok(boardCard(BOARD, { color: 'purple' }).includes(palette.purple));
    assert.ok(boardCard(BOARD).includes(palette.green));
    assert.throws(() => boardCard(BOARD, { colour: 'red' } as never), TypeError);
    assert.throws(() => boardCard(null as never), TypeError);
  });
});
