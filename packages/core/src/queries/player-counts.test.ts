import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { league } from '../snapshot/testing/league.js';
import { playerCounts } from './player-counts.js';
import { serverInfo } from './server-info.js';
import { totals } from './totals.js';

describe('playerCounts(snapshot)', () => {
  it("counts the players by edition once per snapshot, as /v1/server shows them and the totals' averages divide by", () => {
    const s = league();
    const counts = playerCounts(s);
    assert.equal(playerCounts(s), counts, 'kept, not counted again');
    const ranked = s.players.filter((p) => p.ranked);
    assert.deepStrictEqual(counts.ranked, { total: ranked.length, java: ranked.filter((p) => p.edition === 'java').length, bedrock: ranked.filter((p) => p.edition === 'bedrock').length });
    assert.deepStrictEqual(counts.all.total, s.players.length);
    const info = serverInfo(s);
    assert.deepStrictEqual(info.players, { ...counts.all, ranked: counts.ranked, active: counts.active });
    assert.notEqual(info.players.ranked, counts.ranked, 'an answer gets its own copy');
    const jump = totals(s, { search: 'jump' }).items[0]!;
    const stat = s.stats.find((x) => x.id === 'jump')!;
    assert.equal(jump.average.value, stat.total / ranked.length);
  });
});
