// Writes the README's screenshots of the website (docs/site-*.png) from the demo server as
// `npm start` serves it (240 players, one of them banned and hidden, 45 days of activity), in Debian's Chromium:
//
//   node --conditions=source --import tsx test/browser/docs-screenshots.ts
import { join } from 'node:path';
import { useMatrix } from '../support/matrix.js';
import { REPO_ROOT } from '../support/repo.js';
import { demoSite } from './sites.js';

const matrixSkip = useMatrix();
if (matrixSkip) throw new Error(matrixSkip);
// playwright-core comes from the test matrix, found once useMatrix has run.
const { browser, skip } = await (await import('./chromium.js')).launchChromium();
if (!browser) throw new Error(skip);
const site = await demoSite(240);
try {
  const shots: Array<[file: string, path: string, width: number, height: number, scheme: 'light' | 'dark']> = [
    ['site-home.png', '/', 1200, 860, 'light'],
    // The profile in German: the site speaks the player's language.
    ['site-profile.png', '/players/Stonebeard?lang=de', 1200, 860, 'dark'],
    ['site-mobile.png', '/stats/play_time', 390, 760, 'light'],
  ];
  for (const [file, path, width, height, scheme] of shots) {
    const page = await browser.newPage({ viewport: { width, height }, colorScheme: scheme });
    await page.goto(`${site.origin}${path}`, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready); // the pixel face's subsets
    await page.screenshot({ path: join(REPO_ROOT, 'docs', file) });
    await page.close();
    process.stdout.write(`docs/${file}\n`);
  }
} finally {
  await browser.close();
  await site.close();
}
