import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { headPixels } from './head-pixels.js';
import { playerCard } from './player-card.js';

const CARD = {
  name: 'Steve', edition: 'java', serverName: 'Blockville', playTime: '1 h', advancementsEarned: 1, advancementsTotal: 2,
  hallOfFameRank: null, medals: { gold: 0, silver: 0, bronze: 0 }, memberSince: null, memberSinceEstimated: false,
} as const;

describe('headPixels(pixels, x, y, size)', () => {
  it('draws one square per run of a colour in a row, crisp, at the given place and size', () => {
    const pixels = 'ff0000'.repeat(4) + '00ff00'.repeat(4) + '0000ff'.repeat(56);
    const xml = headPixels(pixels, 10, 20, 80)!.xml;
    assert.equal(xml.match(/<rect /g)?.length, 9); // row 0: two runs, rows 1-7: one run each
    assert.ok(xml.startsWith('<g shape-rendering="crispEdges">'));
    assert.ok(xml.includes('<rect x="10" y="20" width="40" height="10" fill="#ff0000"/>'));
    assert.ok(xml.includes('<rect x="50" y="20" width="40" height="10" fill="#00ff00"/>'));
  });

  for (const bad of [null, undefined, '', 'zz'.repeat(192), 'ab'.repeat(191), '"/><script>'.padEnd(384, '0')]) {
    it(`leaves out a malformed head: ${JSON.stringify(bad)?.slice(0, 20)}`, () => assert.equal(headPixels(bad, 0, 0, 8), null));
  }
});

describe('playerCard(data) with data.head', () => {
  it('draws the head left of the name and moves the name beside it', () => {
    const withHead = playerCard({ ...CARD, head: '336699'.repeat(64) });
    assert.ok(withHead.includes('<rect x="20" y="22" width="48" height="6" fill="#336699"/>'));
    assert.match(withHead, /<text x="80" y="44"[^>]*>Steve<\/text>/);
    const without = playerCard(CARD);
    assert.ok(!without.includes('crispEdges'));
    assert.match(without, /<text x="20" y="44"[^>]*>Steve<\/text>/);
  });
});
