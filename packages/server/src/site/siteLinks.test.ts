import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { siteLinks } from './siteLinks.js';

describe('siteLinks in a network view', () => {
  const served = siteLinks({ baseUrl: 'https://x.net/stats', current: '/players/Steve', staticExport: false, server: 'skyblock' });

  it('served: every page, JSON twin and absolute URL carries server=<id>; the site files do not', () => {
    assert.equal(served.page('/stats/jump/page/2'), '/stats/stats/jump/page/2?server=skyblock');
    assert.equal(served.page('/players', { q: 'St' }, 'top'), '/stats/players?q=St&server=skyblock#top');
    assert.equal(served.api('/v1/players/Steve'), '/stats/v1/players/Steve?server=skyblock');
    assert.equal(served.api('/v1/players?offset=50'), '/stats/v1/players?offset=50&server=skyblock');
    assert.equal(served.absolute('/players/Steve'), 'https://x.net/stats/players/Steve?server=skyblock');
    assert.equal(served.file('/assets/v/site.css'), '/stats/assets/v/site.css');
  });

  it('served: inView links the same page in another view, or the network', () => {
    assert.equal(served.inView('survival').page('/players/Steve'), '/stats/players/Steve?server=survival');
    assert.equal(served.inView(null).page('/players/Steve'), '/stats/players/Steve');
  });

  it('export: a view is the folder servers/<id>/, links climb out of the page\'s own view first', () => {
    const page = siteLinks({ baseUrl: 'https://x.net', current: '/players/Steve', staticExport: true, server: 'skyblock' });
    assert.equal(page.page('/stats'), '../../../../servers/skyblock/stats/');
    assert.equal(page.inView(null).page('/stats'), '../../../../stats/');
    assert.equal(page.inView('survival').page('/'), '../../../../servers/survival/');
    assert.equal(page.file('/assets/v/site.css'), '../../../../assets/v/site.css');
    assert.equal(page.api('/v1/players?offset=50'), '../../../../servers/skyblock/v1/players%40offset%3D50.json');
    assert.equal(page.absolute('/players/Steve'), 'https://x.net/servers/skyblock/players/Steve');
    const network = siteLinks({ baseUrl: 'https://x.net', current: '/activity', staticExport: true });
    assert.equal(network.inView('creative').page('/activity'), '../servers/creative/activity/');
    assert.equal(network.page('/activity'), '../activity/');
  });
});
