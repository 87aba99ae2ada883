/**
 * The site's script is served minified (generate-site-script.ts), from the readable source in
 * siteScript.ts: the committed minified module is what the source gives, and it is what
 * `/assets/<version>/site.js` sends.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { SITE_SCRIPT } from '../src/site/assets/siteScript.js';
import { SITE_SCRIPT_MIN } from '../src/site/assets/siteScript.generated.js';
import { api } from './harness.js';
import { REPO_ROOT } from '../../../test/support/repo.js';

describe('the site script, minified', () => {
  it('the committed module is what generate-site-script.ts makes of siteScript.ts, and shorter', () => {
    execFileSync(process.execPath, ['--conditions=source', '--import', 'tsx', 'packages/server/scripts/generate-site-script.ts', '--check'], { stdio: 'pipe', cwd: REPO_ROOT });
    assert.ok(SITE_SCRIPT_MIN.length < SITE_SCRIPT.length * 0.75, `${SITE_SCRIPT_MIN.length} of ${SITE_SCRIPT.length}`);
    // It still parses, as one function run at once.
    assert.doesNotThrow(() => new Function(SITE_SCRIPT_MIN));
  });

  it('/assets/<version>/site.js sends the minified script', async () => {
    const { get } = api({ site: true });
    const page = await get('/', { headers: { accept: 'text/html' } });
    const src = /src="(\/assets\/[\w-]+\/site\.js)"/.exec(page.text)![1]!;
    assert.equal((await get(src)).text, SITE_SCRIPT_MIN);
  });
});
