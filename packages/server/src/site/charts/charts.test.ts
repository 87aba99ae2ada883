import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { BarChart } from './BarChart.js';
import { LineChart } from './LineChart.js';

const ticks = (html: string) => [...html.matchAll(/<text class="tick"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
const players = (n: number) => `${n} players`;

describe('chart scales', () => {
  it('an empty chart labels no scale (no "1" and "0.5 players" over nothing)', () => {
    assert.deepEqual(ticks(renderToString(h(BarChart, { label: 'Hours', bars: [{ value: 0, title: 'a' }, { value: 0, title: 'b' }], ticks: [], formatTick: players }))), []);
    assert.deepEqual(ticks(renderToString(h(LineChart, { label: 'Days', points: [0, null, 0], ticks: [], formatTick: players }))), []);
  });

  it('a chart with data labels half and the top of a round scale', () => {
    assert.deepEqual(ticks(renderToString(h(BarChart, { label: 'Hours', bars: [{ value: 3, title: 'a' }, { value: 7, title: 'b' }], ticks: [], formatTick: players }))), ['5 players', '10 players']);
    assert.deepEqual(ticks(renderToString(h(LineChart, { label: 'Days', points: [1, 12.7], ticks: [], formatTick: players }))), ['10 players', '20 players']);
  });
});
