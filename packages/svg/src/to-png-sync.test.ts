import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BEDROCK_PLAYER, JAVA_PLAYER } from '../test/card-data.js';
import { badge } from './badge.js';
import { playerCard } from './player-card.js';
import { loadToPngSync } from './to-png-sync.js';
import { toPng } from './to-png.js';

describe('loadToPngSync() → toPngSync(svg, { scale })', () => {
  it('gives the same bytes as toPng, for cards and badges, at any scale', async () => {
    const toPngSync = await loadToPngSync();
    for (const [svg, scale] of [[playerCard(JAVA_PLAYER), 2], [playerCard(BEDROCK_PLAYER), 1], [badge({ label: 'players', message: '3/20' }), 3]] as const) {
      assert.deepEqual(toPngSync(svg, { scale }), await toPng(svg, { scale }));
    }
  });

  it('throws as toPng does: a bad scale, input that is not an SVG, an SVG that does not parse', async () => {
    const toPngSync = await loadToPngSync();
    assert.throws(() => toPngSync(badge({ label: 'a', message: 'b' }), { scale: 9 }), RangeError);
    assert.throws(() => toPngSync('<html></html>'), /not an SVG document/);
    assert.throws(() => toPngSync('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect'), /could not be parsed/);
  });
});
