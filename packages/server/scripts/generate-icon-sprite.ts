/**
 * Builds the site's icon sprite from the game's own textures, as the `minecraft-assets` package
 * (PrismarineJS, MIT) ships them for Java Edition 1.21.11: one 16×16 cell for every icon a
 * statistic, advancement or mob on the site can name, each default skin's head, and the three
 * advancement frames. Writes src/site/icons/iconSprite.generated.ts (a PNG as base64 plus the
 * cell order), so an install never needs the 140 MB assets package. The sprite is served as a
 * lossless WebP of the quantized PNG (the same pixels, a fifth fewer bytes: for the page budget).
 *
 *   node --conditions=source --import tsx --import ./test/matrix/register.mjs packages/server/scripts/generate-icon-sprite.ts [--check]
 *
 * `--check` exits 1 when the committed file differs from what the assets give (the test runs it).
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import { advancementCatalogue, statCatalogue } from '@blockstats/core';
import { encode } from 'fast-png';
import { applyPaletteSync, buildPaletteSync, utils } from 'image-q';
import sharp from 'sharp';
import { DEFAULT_SKIN_NAMES } from '../src/site/icons/defaultSkin.js';
import { wantedIcons } from '../src/site/icons/wantedIcons.js';

const GAME_VERSION = '1.21.11';
const CELL = 16;
const COLUMNS = 1; // one column: each icon's rows lie together in the PNG's byte stream, which deflate packs ~8% tighter than a 16-wide grid
const here = dirname(fileURLToPath(import.meta.url));
const OUTPUT = join(here, '../src/site/icons/iconSprite.generated.ts');
// minecraft-assets (365 MB), image-q and sharp are tools of this script only: the test matrix installs
// them (`npm run install:matrix`), so the workspace's `npm install` stays lean. Run the script
// with `--import ./test/matrix/register.mjs` so its bare imports resolve there too.
const require = createRequire(join(here, '../../../test/matrix/package.json'));
const ASSETS = join(dirname(require.resolve('minecraft-assets/package.json')), 'minecraft-assets/data', GAME_VERSION);

/** A rectangle of a texture: [file under the version's folder, x, y, width, height]. */
type Part = readonly [file: string, x: number, y: number, w: number, h: number];

/**
 * Items the game renders in 3-D from an entity texture (chests, skulls, shields, beds, banners):
 * their icon is the front of that texture, as the parts drawn top to bottom. Facts of the
 * textures' layout (a cuboid's front face sits at (u + depth, v + depth)).
 */
const FRONTS: Readonly<Record<string, readonly Part[]>> = {
  chest: chestFront('entity/chest/normal.png'),
  trapped_chest: chestFront('entity/chest/trapped.png'),
  ender_chest: chestFront('entity/chest/ender.png'),
  skeleton_skull: [['entity/skeleton/skeleton.png', 8, 8, 8, 8]],
  wither_skeleton_skull: [['entity/skeleton/wither_skeleton.png', 8, 8, 8, 8]],
  zombie_head: [['entity/zombie/zombie.png', 8, 8, 8, 8]],
  creeper_head: [['entity/creeper/creeper.png', 8, 8, 8, 8]],
  face_illusioner: [['entity/illager/illusioner.png', 8, 8, 8, 10]],
  shield: [['entity/shield_base_nopattern.png', 1, 1, 12, 22]],
  red_bed: [['entity/bed/red.png', 6, 6, 16, 16]],
  white_banner: [['entity/banner_base.png', 1, 1, 20, 40]],
  shulker_box: [['entity/shulker/shulker.png', 0, 28, 16, 8], ['entity/shulker/shulker.png', 0, 52, 16, 8]],
};

/**
 * Items the game tints (dyeable leather: its undyed colour #A06540, DyedItemColor's default),
 * drawn as the tinted base texture with its untinted overlay on top.
 */
const TINTED: Readonly<Record<string, string>> = {
  leather_boots: '#a06540',
  leather_chestplate: '#a06540',
  leather_helmet: '#a06540',
  leather_leggings: '#a06540',
};

function chestFront(file: string): Part[] {
  return [[file, 14, 14, 14, 5], [file, 14, 33, 14, 10]];
}

const images = new Map<string, Image>();
async function image(file: string): Promise<Image> {
  let found = images.get(file);
  if (!found) {
    found = await loadImage(readFileSync(join(ASSETS, file)));
    images.set(file, found);
  }
  return found;
}

/** The texture file of an item or block name, the way the game's inventory shows it flat. */
function textureOf(name: string): string | null {
  const candidates = [`items/${name}.png`, `blocks/${name}_front.png`, `blocks/${name}.png`, `blocks/${name}_side.png`, `blocks/${name}_top.png`];
  const found = candidates.find((file) => existsSync(join(ASSETS, file)));
  if (found) return found;
  const table = JSON.parse(readFileSync(join(ASSETS, 'items_textures.json'), 'utf8')) as Array<{ name: string; texture: string | null }>;
  const texture = table.find((entry) => entry.name === name)?.texture;
  if (!texture) return null;
  const file = `${texture.replace(/^minecraft:/, '').replace(/^block\//, 'blocks/')}.png`;
  return existsSync(join(ASSETS, file)) ? file : null;
}

/** Draws one icon into its cell: scaled by a whole factor when small, nearest-neighbour always. */
async function draw(ctx: SKRSContext2D, key: string, cellX: number, cellY: number): Promise<void> {
  let parts: readonly Part[];
  if (key.startsWith('head_')) {
    const file = `entity/player/wide/${key.slice(5)}.png`;
    parts = [[file, 8, 8, 8, 8]];
    await blit(ctx, parts, cellX, cellY);
    await blit(ctx, [[file, 40, 8, 8, 8]], cellX, cellY); // the hat layer over the face
    return;
  }
  if (key === 'player_head') return draw(ctx, 'head_steve', cellX, cellY);
  const tint = TINTED[key];
  if (tint) {
    const base = await image(`items/${key}.png`);
    const layer = createCanvas(base.width, base.height);
    const lctx = layer.getContext('2d');
    lctx.drawImage(base, 0, 0);
    lctx.globalCompositeOperation = 'multiply';
    lctx.fillStyle = tint;
    lctx.fillRect(0, 0, base.width, base.height);
    lctx.globalCompositeOperation = 'destination-in'; // keep the texture's own transparency
    lctx.drawImage(base, 0, 0);
    ctx.drawImage(layer, cellX * CELL, cellY * CELL, CELL, CELL);
    await blit(ctx, [await whole(`items/${key}_overlay.png`)], cellX, cellY);
    return;
  }
  if (key.startsWith('stat_')) parts = [await whole(`gui/sprites/statistics/${key.slice(5)}.png`)];
  else if (FRONTS[key]) parts = FRONTS[key]!;
  else {
    const file = textureOf(key);
    if (!file) throw new Error(`No texture for the icon ${key} in minecraft-assets ${GAME_VERSION}`);
    parts = [await whole(file)];
  }
  await blit(ctx, parts, cellX, cellY);
}

/** A whole texture, or the first frame of an animated strip. */
async function whole(file: string): Promise<Part> {
  const img = await image(file);
  return [file, 0, 0, img.width, Math.min(img.height, img.width)];
}

async function blit(ctx: SKRSContext2D, parts: readonly Part[], cellX: number, cellY: number): Promise<void> {
  const width = Math.max(...parts.map((p) => p[3]));
  const height = parts.reduce((sum, p) => sum + p[4], 0);
  // Whole-number upscaling keeps pixels square; a larger texture is shrunk to fit (rare: banners, shields).
  const scale = Math.max(width, height) <= CELL ? Math.floor(CELL / Math.max(width, height)) : CELL / Math.max(width, height);
  let y = cellY * CELL + Math.floor((CELL - height * scale) / 2);
  for (const [file, sx, sy, w, h] of parts) {
    const x = cellX * CELL + Math.floor((CELL - w * scale) / 2);
    ctx.drawImage(await image(file), sx, sy, w, h, x, y, Math.round(w * scale), Math.round(h * scale));
    y += Math.round(h * scale);
  }
}

/** The advancement frames of the game's screen (26×26 each), obtained look, as lossless WebP base64. */
async function frames(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const frame of ['task', 'goal', 'challenge']) {
    const img = await image(`gui/sprites/advancements/${frame}_frame_obtained.png`);
    const canvas = createCanvas(img.width, img.height);
    canvas.getContext('2d').drawImage(img, 0, 0);
    out[frame] = (await sharp(await canvas.encode('png')).webp({ lossless: true, effort: 6 }).toBuffer()).toString('base64');
  }
  return out;
}

/**
 * The sprite as a 256-colour PNG (image-q's Wu quantizer, no dithering: the textures' ~2,200
 * colours differ by shades no eye tells apart at 16 pixels), written by fast-png at zlib's best
 * level: about a third of the bytes of a true-colour PNG, for the page budget.
 */
function indexedPng(rgba: Uint8ClampedArray, width: number, height: number): Uint8Array {
  const clean = Uint8Array.from(rgba);
  for (let i = 0; i < clean.length; i += 4) if (clean[i + 3] === 0) clean.fill(0, i, i + 4);
  const container = utils.PointContainer.fromUint8Array(clean, width, height);
  const palette = buildPaletteSync([container], { colors: 256, paletteQuantization: 'wuquant', colorDistanceFormula: 'euclidean-bt709' });
  const mapped = applyPaletteSync(container, palette, { imageQuantization: 'nearest', colorDistanceFormula: 'euclidean-bt709' }).toUint8Array();
  const colours = new Map<number, number>();
  const entries: number[][] = [];
  const indexes = new Uint8Array(width * height);
  for (let p = 0; p < indexes.length; p++) {
    const [r, g, b, a] = [mapped[p * 4]!, mapped[p * 4 + 1]!, mapped[p * 4 + 2]!, mapped[p * 4 + 3]!];
    const key = ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
    let index = colours.get(key);
    if (index === undefined) {
      index = entries.length;
      colours.set(key, index);
      entries.push([r, g, b, a]);
    }
    indexes[p] = index;
  }
  if (entries.length > 256) throw new Error(`The quantized sprite has ${entries.length} colours`);
  return encode({ width, height, data: indexes, channels: 1, depth: 8, palette: entries }, { zlib: { level: 9 } });
}

/**
 * The cells of a one-column sprite reordered so that each is followed by the one whose colours
 * are nearest (the L1 distance of their colour counts; the first cell stays first): WebP then
 * finds more of a cell in the one before it, about 1% fewer bytes. Returns the cells' old indexes.
 */
function similarOrder(rgba: Uint8ClampedArray, cells: number): number[] {
  const size = CELL * CELL * 4;
  const counts = Array.from({ length: cells }, (_, cell) => {
    const count = new Map<number, number>();
    for (let p = cell * size; p < (cell + 1) * size; p += 4) {
      const key = ((rgba[p]! << 24) | (rgba[p + 1]! << 16) | (rgba[p + 2]! << 8) | rgba[p + 3]!) >>> 0;
      count.set(key, (count.get(key) ?? 0) + 1);
    }
    return count;
  });
  const distance = (a: Map<number, number>, b: Map<number, number>) => {
    let sum = 0;
    for (const [key, n] of a) sum += Math.abs(n - (b.get(key) ?? 0));
    for (const [key, n] of b) if (!a.has(key)) sum += n;
    return sum;
  };
  const order = [0];
  const left = new Set(Array.from({ length: cells - 1 }, (_, i) => i + 1));
  while (left.size > 0) {
    const last = counts[order.at(-1)!]!;
    let best = -1;
    let bestDistance = Infinity;
    for (const cell of left) {
      const d = distance(last, counts[cell]!);
      if (d < bestDistance) [best, bestDistance] = [cell, d];
    }
    order.push(best);
    left.delete(best);
  }
  return order;
}

/** Each default skin's head (face with the hat layer over it), 8×8 pixels as 64 `rrggbb`. */
async function defaultHeads(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of DEFAULT_SKIN_NAMES) {
    const canvas = createCanvas(8, 8);
    const ctx = canvas.getContext('2d');
    const skin = await image(`entity/player/wide/${name}.png`);
    ctx.drawImage(skin, 8, 8, 8, 8, 0, 0, 8, 8);
    ctx.drawImage(skin, 40, 8, 8, 8, 0, 0, 8, 8);
    const { data } = ctx.getImageData(0, 0, 8, 8);
    let hex = '';
    for (let i = 0; i < data.length; i += 4) hex += [data[i]!, data[i + 1]!, data[i + 2]!].map((v) => v.toString(16).padStart(2, '0')).join('');
    out[name] = hex;
  }
  return out;
}

async function main(): Promise<void> {
  const keys = wantedIcons(statCatalogue, advancementCatalogue);
  const rows = Math.ceil(keys.length / COLUMNS);
  const canvas = createCanvas(COLUMNS * CELL, rows * CELL);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingEnabled = false;
  for (const [i, key] of keys.entries()) await draw(ctx, key, i % COLUMNS, Math.floor(i / COLUMNS));
  const drawn = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  const order = similarOrder(drawn, keys.length); // a cell is CELL rows of one column
  const cellBytes = CELL * CELL * 4;
  const sorted = new Uint8ClampedArray(drawn.length);
  for (const [i, cell] of order.entries()) sorted.set(drawn.subarray(cell * cellBytes, (cell + 1) * cellBytes), i * cellBytes);
  const names = order.map((cell) => keys[cell]!);
  const png = indexedPng(sorted, canvas.width, canvas.height);
  const webp = (await sharp(png).webp({ lossless: true, effort: 6 }).toBuffer()).toString('base64');
  const text = `// Generated by packages/server/scripts/generate-icon-sprite.ts from minecraft-assets ${GAME_VERSION}: do not edit.
// Textures © Mojang, from the game's assets as the minecraft-assets package ships them.

/** Columns of the sprite; every cell is ${CELL}×${CELL}. */
export const ICON_COLUMNS = ${COLUMNS};

/** The icons in cell order (row by row). */
export const ICON_NAMES: readonly string[] = ${JSON.stringify(names)};

/** The sprite: a lossless WebP, base64. */
export const ICON_SPRITE_WEBP = '${webp}';

/** The advancement frames (task, goal, challenge), lossless WebP base64. */
export const FRAME_WEBPS: Readonly<Record<'task' | 'goal' | 'challenge', string>> = ${JSON.stringify(await frames())};

/** Each default skin's head (face and hat), 8×8 pixels row by row as 64 \`rrggbb\` (for the share card). */
export const DEFAULT_HEADS: Readonly<Record<string, string>> = ${JSON.stringify(await defaultHeads(), null, 2)};
`;
  if (process.argv.includes('--check')) {
    const current = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : '';
    if (current !== text) {
      console.error(`${OUTPUT} is out of date: run node --conditions=source --import tsx --import ./test/matrix/register.mjs packages/server/scripts/generate-icon-sprite.ts`);
      process.exit(1);
    }
    console.log(`${OUTPUT} is current (${keys.length} icons).`);
    return;
  }
  writeFileSync(OUTPUT, text);
  console.log(`Wrote ${keys.length} icons (${COLUMNS}×${rows} cells, ${Math.round((webp.length * 3) / 4)} bytes of WebP) to ${OUTPUT}`);
}

await main();
