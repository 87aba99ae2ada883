/** Pages speak to players; the API keeps its precise, developer-facing wording (issue 39). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { statDescription } from '../src/site/statDescription.js';
import { api, problemCode } from './harness.js';

const HTML = { accept: 'text/html' };

describe('player-facing wording', () => {
  const { get } = api({ site: { externalImages: false } });

  it('statistic descriptions on pages name no internal ids; the API keeps them', async () => {
    assert.equal(statDescription('Every block the player broke, all kinds summed (minecraft:mined).'), 'Every block the player broke, all kinds summed.');
    assert.equal(statDescription('Time spent online, in ticks (20 per second). Includes the pre-1.17 counter minecraft:play_one_minute, which also counted ticks.'), 'Time spent online, in ticks (20 per second).');
    assert.equal(statDescription('Times the player jumped.'), 'Times the player jumped.');
    const page = await get('/stats', { headers: HTML });
    assert.doesNotMatch(page.text, /minecraft:play_one_minute|\(minecraft:/);
    const json = await get('/v1/stats?limit=500');
    assert.ok(JSON.stringify(json.body).includes('minecraft:play_one_minute'));
  });

  it('comparing a player with itself asks again in plain words; the API says what is wrong', async () => {
    const page = await get('/compare?a=Steve&b=steve', { headers: HTML });
    assert.equal(page.status, 400);
    assert.match(page.text, /Those are the same player/);
    assert.doesNotMatch(page.text, /comma-separated|distinct/);
    const problem = await get('/v1/compare?players=Steve,steve');
    assert.equal(problem.status, 400);
    assert.equal(problemCode(problem.body), 'invalid-request');
  });

  it('an unknown event is "no page here", not an API hint', async () => {
    const page = await get('/events/no_such_event', { headers: HTML });
    assert.equal(page.status, 404);
    assert.doesNotMatch(page.text, /GET \/v1/);
    assert.match(page.text, /There is no page at this address/);
    const problem = await get('/v1/events/no_such_event');
    assert.match(problem.body.detail, /GET \/v1\/events lists them/);
  });
});

describe('counts', () => {
  const { get } = api({ site: { externalImages: false } });

  it('a filtered players list keeps the server’s total in the lead and says how many match', async () => {
    const all = (await get('/v1/players?limit=1')).body.meta.pagination.total;
    assert.ok(all > 1);
    const lead = new RegExp(`${all} players have played on this server`);
    const none = await get('/players?q=zzzzzz', { headers: HTML });
    assert.match(none.text, lead);
    assert.doesNotMatch(none.text, /0 players have played/);
    const some = await get('/players?q=Stev', { headers: HTML });
    assert.match(some.text, lead);
    assert.match(some.text, /1 player matches\./);
    assert.doesNotMatch((await get('/players', { headers: HTML })).text, /match(es)?\./);
  });
});
