/** Compare on the page: more deaths or damage taken wins nothing there; the API keeps its winner (issue 39). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isNeutralStat } from '../src/site/neutralStats.js';
import { api } from './harness.js';

describe('compare page', () => {
  const { get } = api({ site: { externalImages: false } });

  it('shows neutral statistics without a winner and leaves them out of the tally', async () => {
    const json = (await get('/v1/compare?players=Steve,Alex')).body.data;
    const [steve, alex] = json.players.map((p: { uuid: string }) => p.uuid);
    const neutralWon = json.stats.filter((s: { id: string; category: string; winner: string | null }) => isNeutralStat(s) && s.winner !== null);
    assert.ok(neutralWon.length > 0, 'the fixture has a neutral statistic with an API winner');
    const count = (uuid: string) => json.stats.filter((s: { id: string; category: string; winner: string | null }) => !isNeutralStat(s) && s.winner === uuid).length;

    const html = (await get('/compare?a=Steve&b=Alex', { headers: { accept: 'text/html' } })).text;
    assert.match(html, new RegExp(`<span class="score">${count(steve)} – ${count(alex)}</span>`));
    for (const stat of neutralWon) {
      const start = html.indexOf(`/stats/${encodeURIComponent(stat.id)}"`);
      assert.ok(start > 0, stat.id);
      const row = html.slice(start, html.indexOf('</tr>', start));
      assert.ok(!row.includes('class="num win"'), `${stat.id} shows no winner`);
    }
    assert.match(html, /where more is not better \(deaths, damage taken\) count/);
  });
});
