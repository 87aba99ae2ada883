/** The header's search box: a GET form to /find, which sends an exact name to its profile (issue 39). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { uuids } from './fixture.js';
import { api } from './harness.js';

const HTML = { accept: 'text/html' };

describe('find a player from the header', () => {
  const { get } = api({ site: { externalImages: false } });

  it('every page carries the search form, without JavaScript', async () => {
    for (const path of ['/', '/stats', '/players/Steve']) {
      const res = await get(path, { headers: HTML });
      assert.match(res.text, /<form class="find" role="search" method="get" action="\/find">/, path);
      assert.match(res.text, /<input id="find-name" type="search" name="name" required/, path);
    }
  });

  it('an exact name, in any case, or a UUID goes straight to the profile', async () => {
    for (const name of ['Steve', 'steve', ' STEVE ', uuids.steve]) {
      const res = await get(`/find?name=${encodeURIComponent(name)}`, { headers: HTML });
      assert.equal(res.status, 303, name);
      assert.equal(res.headers.get('location'), '/players/Steve', name);
      assert.equal(res.headers.get('cache-control'), 'no-store');
    }
  });

  it('anything else goes to the players list filtered by it; nothing typed, to the list', async () => {
    assert.equal((await get('/find?name=Ste', { headers: HTML })).headers.get('location'), '/players?q=Ste');
    assert.equal((await get('/find?name=%3Cb%3E', { headers: HTML })).headers.get('location'), '/players?q=%3Cb%3E');
    assert.equal((await get('/find', { headers: HTML })).headers.get('location'), '/players');
  });

  it('under a mount path the redirect stays under it', async () => {
    const mounted = api({ site: { externalImages: false }, baseUrl: 'https://example.net/stats' });
    assert.equal((await mounted.get('/find?name=Steve', { headers: HTML })).headers.get('location'), '/stats/players/Steve');
  });

  it('the static export has no search (no server to ask)', async () => {
    const exported = api({ site: { staticExport: true, externalImages: false } });
    assert.doesNotMatch((await exported.get('/', { headers: HTML })).text, /class="find"/);
    assert.equal((await exported.get('/find?name=Steve', { headers: HTML })).status, 404);
  });
});
