/**
 * The game's language files, from a folder of them (`de_de.json` …) or from a Minecraft Java
 * installation: the launcher keeps every language but English in its asset store
 * (`assets/indexes/<index>.json` maps `minecraft/lang/de_de.json` to `assets/objects/<2>/<hash>`,
 * the index named by `versions/<version>/<version>.json`). A tool of check-game-names.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameLang } from './gameNameMismatches.js';

/** Where the game's language files are. */
export type LangSource = { readonly langDir: string } | { readonly minecraftDir: string; readonly version: string };

const readJson = (path: string, what: string): unknown => {
  if (!existsSync(path)) throw new Error(`${what} not found: ${path}`);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${what} is not JSON: ${path} (${(error as Error).message})`);
  }
};

/**
 * The game's language file `code` (`de_de`) from `source`, or null when the source has none.
 * Throws, naming the file, when a file is there but unreadable.
 */
export function readGameLang(source: LangSource, code: string): GameLang | null {
  if ('langDir' in source) {
    const path = join(source.langDir, `${code}.json`);
    return existsSync(path) ? (readJson(path, `The language file ${code}.json`) as GameLang) : null;
  }
  const { minecraftDir, version } = source;
  const manifest = readJson(join(minecraftDir, 'versions', version, `${version}.json`), `The version file of ${version}`) as { assetIndex?: { id?: string } };
  const index = manifest.assetIndex?.id;
  if (typeof index !== 'string') throw new Error(`versions/${version}/${version}.json names no assetIndex.id`);
  const objects = (readJson(join(minecraftDir, 'assets', 'indexes', `${index}.json`), `The asset index ${index}`) as { objects?: Record<string, { hash?: string }> }).objects ?? {};
  const hash = objects[`minecraft/lang/${code}.json`]?.hash;
  if (typeof hash !== 'string') return null;
  const path = join(minecraftDir, 'assets', 'objects', hash.slice(0, 2), hash);
  return existsSync(path) ? (readJson(path, `The language file ${code}.json (asset ${hash})`) as GameLang) : null;
}
