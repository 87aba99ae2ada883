import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FirstViewResult, ViewTimes } from '../../bench/firstView.js';
import { firstViews } from '../../bench/firstView.js';
import { firstViewRows } from '../../bench/firstViewRows.js';

// The first-view part's rows: issue 42's ≤ 20 ms at 10k players and ≤ 50 ms at 50k, judged on
// the median over the pulls, with the memo's (cached) time beside it.

function view(id: string, firstMs: number[], status = 200): ViewTimes {
  return { id, path: '/', status, bytes: 16_000, firstMs, cachedMs: firstMs.map(() => 2), mainCpuMs: firstMs.map(() => 1), otherCpuMs: firstMs.map(() => 0) };
}

function result(players: number, views: ViewTimes[]): FirstViewResult {
  return { players, runtimeLabel: 'built CLI, node', command: '', player: 'Steve', views };
}

describe('firstViewRows(result, size)', () => {
  it('judges the median first view against 20 ms at 10k players', () => {
    const [home, activity, broken] = firstViewRows(result(10_000, [view('site: home', [30, 12, 18]), view('site: activity', [25, 40, 21]), view('api: card (PNG)', [5, 5, 5], 503)]), '10k');
    assert.equal(home!.status, 'met');
    assert.equal(home!.target, '≤ 20 ms');
    assert.match(home!.result, /^18 ms median of 3 pulls \(all 30, 12, 18 ms\); 200, 16,000 bytes$/);
    assert.equal(home!.against, 'cached 2.0 ms');
    assert.equal(activity!.status, 'missed: 5 ms over');
    assert.equal(broken!.status, 'missed: status 503');
  });

  it('allows 50 ms at 50k players, and sets no target at other sizes', () => {
    const [at50k] = firstViewRows(result(50_000, [view('site: home', [45])]), '50k');
    assert.equal(at50k!.status, 'met');
    assert.equal(at50k!.target, '≤ 50 ms');
    const [at1k] = firstViewRows(result(1_000, [view('site: home', [45])]), '1k');
    assert.equal(at1k!.target, '');
    assert.equal(at1k!.status, '');
  });

  it('visits every page kind, API answer and card of the player, the name encoded', () => {
    const views = firstViews('a b');
    assert.ok(views.some((v) => v.path === '/players/a%20b'));
    assert.ok(views.some((v) => v.path === '/v1/card/player/a%20b.png'));
    assert.ok(views.some((v) => v.path === '/'));
    assert.equal(new Set(views.map((v) => v.id)).size, views.length);
  });
});
