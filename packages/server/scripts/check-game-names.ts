/**
 * Lists every name of the game that a language's catalogue (src/i18n/catalogue/<tag>.ts) writes
 * otherwise than the game does in that language: advancement titles and descriptions, the
 * `minecraft:custom` statistics' titles, the mobs and ores the kill, death and mining statistics
 * name (see gameNames/gameNameMismatches.ts). The game's language files are Mojang's and ship
 * with no npm package, so the check reads them from where a player has them:
 *
 *   node --conditions=source --import tsx packages/server/scripts/check-game-names.ts --minecraft-dir ~/.minecraft [--version 1.21.11] [--lang de]
 *   node --conditions=source --import tsx packages/server/scripts/check-game-names.ts --lang-dir DIR [--lang de]
 *
 * `--minecraft-dir` is a Java installation that has run that version once (its launcher folder);
 * `--lang-dir` a folder of the game's files (`de_de.json`, `pt_br.json` …), whole or only some
 * keys. Prints each mismatch as `<tag> <what>: ours "…", the game's "…"` and each name whose key
 * the file lacks as not checked; exits 1 when a name differs, 2 on bad arguments.
 */
import { parseArgs } from 'node:util';
import { translations } from '../src/i18n/translations.js';
import { gameNameMismatches } from './gameNames/gameNameMismatches.js';
import { readGameLang, type LangSource } from './gameNames/readGameLang.js';

/** The game's language code of each shipped language. */
const GAME_CODE: Readonly<Record<string, string>> = {
  de: 'de_de', es: 'es_es', fr: 'fr_fr', ja: 'ja_jp', pl: 'pl_pl', 'pt-BR': 'pt_br', ru: 'ru_ru', tr: 'tr_tr', 'zh-CN': 'zh_cn',
};

function fail(message: string): never {
  console.error(`check-game-names: ${message}`);
  process.exit(2);
}

function main(): void {
  let values;
  try {
    ({ values } = parseArgs({ options: { 'lang-dir': { type: 'string' }, 'minecraft-dir': { type: 'string' }, version: { type: 'string', default: '1.21.11' }, lang: { type: 'string', multiple: true } } }));
  } catch (error) {
    fail((error as Error).message);
  }
  const langDir = values['lang-dir'];
  const minecraftDir = values['minecraft-dir'];
  if ((langDir === undefined) === (minecraftDir === undefined)) fail('give exactly one of --lang-dir DIR and --minecraft-dir DIR');
  const source: LangSource = langDir !== undefined ? { langDir } : { minecraftDir: minecraftDir!, version: values.version! };
  const tags = values.lang ?? Object.keys(GAME_CODE);
  for (const tag of tags) if (!GAME_CODE[tag]) fail(`--lang ${tag}: not a translated language (${Object.keys(GAME_CODE).join(', ')})`);
  let total = 0;
  let checked = 0;
  for (const tag of tags) {
    let lang;
    try {
      lang = readGameLang(source, GAME_CODE[tag]!);
    } catch (error) {
      fail((error as Error).message);
    }
    if (lang === null) {
      console.log(`${tag}: no ${GAME_CODE[tag]}.json in ${langDir ?? minecraftDir}, skipped`);
      continue;
    }
    checked++;
    const found = gameNameMismatches(translations.get(tag)!.catalogue!, lang);
    const mismatches = found.filter((m) => m.game !== null);
    const absent = found.filter((m) => m.game === null);
    for (const m of mismatches) console.log(`${tag} ${m.what}: ours ${JSON.stringify(m.ours)}, the game's ${JSON.stringify(m.game)}`);
    for (const m of absent) console.log(`${tag} ${m.what}: not checked, the file has no ${m.key}`);
    console.log(`${tag}: ${mismatches.length} mismatch${mismatches.length === 1 ? '' : 'es'}${absent.length > 0 ? `, ${absent.length} not checked` : ''}`);
    total += mismatches.length;
  }
  if (checked === 0) fail('no language file found to check');
  process.exit(total > 0 ? 1 : 0);
}

main();
