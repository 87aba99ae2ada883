/**
 * The site's game icons and heads: every statistic, advancement and mob the site can show maps to
 * an icon of the sprite; the default skin of a UUID is the game's; the sprite and the other site
 * files are immutable and never spend a visitor's rate limit; the committed sprite is what the
 * generator makes from the assets package.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { advancementCatalogue, statCatalogue } from '@blockstats/core';
import { advancementIcon } from '../src/site/icons/advancementIcon.js';
import { defaultSkin } from '../src/site/icons/defaultSkin.js';
import { ICON_SPRITE_BYTES, hasIcon, iconClass, iconCss } from '../src/site/icons/iconSprite.js';
import { ICON_COLUMNS, ICON_NAMES } from '../src/site/icons/iconSprite.generated.js';
import { mobIcon } from '../src/site/icons/mobIcon.js';
import { NEUTRAL_ICON, statIcon } from '../src/site/icons/statIcon.js';
import { api } from './harness.js';
import { MATRIX_REGISTER, useMatrix } from '../../../test/support/matrix.js';
import { REPO_ROOT } from '../../../test/support/repo.js';

const HTML = { accept: 'text/html' };

describe('icons: everything the site shows has one', () => {
  it('every one of the 217 statistics has its own icon in the sprite (never the neutral one)', () => {
    assert.equal(statCatalogue.length, 217);
    for (const stat of statCatalogue) {
      const icon = statIcon(stat, hasIcon);
      assert.ok(hasIcon(icon) && icon !== NEUTRAL_ICON, `${stat.id} → ${icon}`);
    }
  });

  it('kills and deaths show the mob: its spawn egg, or a face for the mobs without one', () => {
    for (const stat of statCatalogue.filter((s) => /^minecraft:killed(_by)?$/.test(s.sources[0]!.type) && s.sources[0]!.keys?.length === 1)) {
      const mob = stat.sources[0]!.keys![0]!.replace('minecraft:', '');
      assert.equal(statIcon(stat, hasIcon), mobIcon(mob), stat.id);
      assert.ok(hasIcon(mobIcon(mob)), mob);
    }
    assert.equal(mobIcon('creeper'), 'creeper_spawn_egg');
  });

  it('every advancement shows the game’s own icon for it (advancements.json `icon`)', () => {
    for (const a of advancementCatalogue) assert.equal(advancementIcon(a.id, hasIcon), a.icon.replace('minecraft:', ''), a.id);
    assert.equal(advancementIcon('mypack:secret/thing', hasIcon), NEUTRAL_ICON);
  });

  it('a statistic of a modded type or item falls back to its type’s glyph, then the neutral icon', () => {
    assert.equal(statIcon({ id: 'x', sources: [{ type: 'minecraft:mined', keys: ['create:andesite_alloy'] }] }, hasIcon), 'stat_block_mined');
    assert.equal(statIcon({ id: 'x', sources: [{ type: 'create:spun', keys: ['create:wheel'] }] }, hasIcon), NEUTRAL_ICON);
  });

  it('the sprite holds one 16×16 cell per icon, and the style sheet places each', () => {
    const view = new DataView(ICON_SPRITE_BYTES.buffer, ICON_SPRITE_BYTES.byteOffset);
    const text = (from: number, to: number) => String.fromCharCode(...ICON_SPRITE_BYTES.subarray(from, to));
    assert.deepEqual([text(0, 4), text(8, 16)], ['RIFF', 'WEBPVP8L']); // a lossless WebP
    // VP8L: a signature byte, then width − 1 and height − 1 in 14 bits each, little-endian.
    const bits = view.getUint32(21, true);
    assert.equal((bits & 0x3fff) + 1, ICON_COLUMNS * 16);
    assert.equal(((bits >>> 14) & 0x3fff) + 1, Math.ceil(ICON_NAMES.length / ICON_COLUMNS) * 16);
    const css = iconCss();
    for (const [i, name] of ICON_NAMES.entries()) {
      const x = i % ICON_COLUMNS;
      const y = Math.floor(i / ICON_COLUMNS);
      assert.ok(css.includes(`.${iconClass(name)}{${x ? `--x:${x};` : ''}--y:${y}}`), name);
    }
  });

  // minecraft-assets and image-q come with the test matrix (test/support/matrix.ts).
  it('the committed sprite is what generate-icon-sprite.ts makes from minecraft-assets', { skip: useMatrix() }, () => {
    execFileSync(process.execPath, ['--conditions=source', '--import', 'tsx', '--import', MATRIX_REGISTER, 'packages/server/scripts/generate-icon-sprite.ts', '--check'], { stdio: 'pipe', cwd: REPO_ROOT });
  });
});

describe('defaultSkin(uuid): the game’s choice (1.19.3+)', () => {
  // Expected values computed with OpenJDK's java.util.UUID.hashCode() and the game's
  // DefaultPlayerSkin rule: DEFAULT_SKINS[Math.floorMod(uuid.hashCode(), 18)], slim skins first.
  const KNOWN: Array<[uuid: string, name: string, model: 'slim' | 'wide']> = [
    ['069a79f4-44e9-4726-a5be-fca90e38aaf5', 'alex', 'slim'], // Notch, hashCode -369792882
    ['853c80ef-3c37-49fd-aa49-938b674adae6', 'ari', 'slim'], // jeb_, 1946714239
    ['61699b2e-d327-4a01-9f1e-0ea8c3f06bc6', 'steve', 'wide'], // Dinnerbone, -291457983
    ['00000000-0000-0000-0009-01f2a3b4c5d6', 'sunny', 'wide'], // a Floodgate (Bedrock) UUID, -1547844572
    ['5627dd98-e6be-3c21-b8a8-e92344183641', 'efe', 'wide'], // offline-mode "Steve" (OfflinePlayer:Steve), 1277771483
    ['ffffffff-ffff-ffff-ffff-ffffffffffff', 'alex', 'slim'], // hashCode 0
  ];
  for (const [uuid, name, model] of KNOWN) {
    it(`${uuid} → ${model}/${name}`, () => assert.deepEqual(defaultSkin(uuid), { name, model }));
  }
  it('undashed and upper-case UUIDs are the same UUID; a non-UUID gets Steve', () => {
    assert.deepEqual(defaultSkin('069A79F444E94726A5BEFCA90E38AAF5'), { name: 'alex', model: 'slim' });
    assert.deepEqual(defaultSkin('not a uuid'), { name: 'steve', model: 'slim' });
  });
});

describe('the sprite and the site’s files over HTTP', () => {
  it('icons.webp: linked from every page, WebP, immutable, strong ETag and 304', async () => {
    const { get } = api({ site: true });
    const page = await get('/players/Steve', { headers: HTML });
    const href = /href="(\/assets\/[\w-]+\/icons\.webp)"/.exec(page.text)![1]!;
    const sprite = await get(href);
    assert.equal(sprite.status, 200);
    assert.equal(sprite.headers.get('content-type'), 'image/webp');
    assert.equal(sprite.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal((await get(href, { headers: { 'if-none-match': sprite.headers.get('etag')! } })).status, 304);
  });

  it('the site’s files never count against the rate limit: 50 of them, then a page is still 200', async () => {
    const { get } = api({ site: true, rateLimit: { limit: 2 } });
    const page = await get('/', { headers: HTML });
    const files = [...page.text.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    assert.ok(files.length >= 4, files.join(' '));
    for (let i = 0; i < 50; i++) assert.equal((await get(files[i % files.length]!)).status, 200);
    assert.equal((await get('/stats', { headers: HTML })).status, 200);
    assert.equal((await get('/stats', { headers: HTML })).status, 429);
  });
});
