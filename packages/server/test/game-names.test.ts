/**
 * The game's names in each language (issue 39): scripts/check-game-names.ts lists every
 * advancement title and description, custom statistic title, mob and ore that a catalogue writes
 * otherwise than the game's own language file; test/game-lang/ holds the names the catalogue uses
 * as the game's 1.21.11 files give them, for the languages checked so far, and the catalogues
 * must equal them. Two come from older files, the newest copies found: zh_cn.json from 1.21
 * (before 1.21.2's creaking) and tr_tr.json from a 1.20.5 snapshot (before the trial chambers'
 * advancements and the bogged); the names those files lack (tr_tr: 39 keys, zh_cn: 14) are not checked.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { advancementCatalogue, statCatalogue } from '@blockstats/core';
import { translations } from '../src/i18n/translations.js';
import { advancementKey, gameNameMismatches, type GameLang } from '../scripts/gameNames/gameNameMismatches.js';
import { REPO_ROOT } from '../../../test/support/repo.js';

const SCRIPT = 'packages/server/scripts/check-game-names.ts';
const GAME_LANG = new URL('./game-lang/', import.meta.url).pathname;
const de = translations.get('de')!.catalogue!;
const work = mkdtempSync(join(tmpdir(), 'game-names-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** A language file that names everything as the German catalogue does (its templates' names cut out). */
function germanAsGame(): Record<string, string> {
  const lang: Record<string, string> = {};
  for (const a of advancementCatalogue) {
    const id = a.id.replace('minecraft:', '');
    lang[advancementKey(id, 'title')] = de.advancements[id]![0];
    lang[advancementKey(id, 'description')] = de.advancements[id]![1];
  }
  for (const s of statCatalogue) {
    const title = de.stats[s.id]![0];
    if (s.sources[0]!.type === 'minecraft:custom') lang[`stat.minecraft.${s.id}`] = title;
    const mob = /^killed_(?!by_)(.+)$/.exec(s.id)?.[1];
    if (mob && title.startsWith('Getötet: ')) lang[`entity.minecraft.${mob}`] = title.slice('Getötet: '.length);
    const ore = /^mined_(\w+_ore)$/.exec(s.id)?.[1];
    if (ore && title.startsWith('Abgebaut: ')) lang[`block.minecraft.${ore}`] = title.slice('Abgebaut: '.length);
  }
  return lang;
}

const run = (args: string[]) => spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', SCRIPT, ...args], { cwd: REPO_ROOT, encoding: 'utf8' });

describe("the game's names", () => {
  it('gameNameMismatches: none when every name is the language file\'s; each differing title, description, stat, mob and ore named with both texts', () => {
    const lang = germanAsGame();
    assert.deepEqual(gameNameMismatches(de, lang), []);
    const changed: GameLang = {
      ...lang,
      'advancements.story.mine_stone.title': 'Anders',
      'advancements.husbandry.netherite_hoe.description': 'Anders',
      'stat.minecraft.jump': 'Anders',
      'entity.minecraft.zombie': 'Untoter',
      'block.minecraft.coal_ore': 'Kohle',
    };
    delete (changed as Record<string, string>)['stat.minecraft.deaths'];
    const found = gameNameMismatches(de, changed);
    assert.deepEqual(
      found.map((m) => [m.what, m.key, m.game]),
      [
        ['advancement story/mine_stone title', 'advancements.story.mine_stone.title', 'Anders'],
        ['advancement husbandry/obtain_netherite_hoe description', 'advancements.husbandry.netherite_hoe.description', 'Anders'],
        ['stat jump', 'stat.minecraft.jump', 'Anders'],
        ['stat deaths', 'stat.minecraft.deaths', null],
        ['mob in killed_zombie', 'entity.minecraft.zombie', 'Untoter'],
        ['mob in killed_by_zombie', 'entity.minecraft.zombie', 'Untoter'],
        ['ore in mined_coal_ore', 'block.minecraft.coal_ore', 'Kohle'],
      ],
    );
    assert.equal(found.find((m) => m.key === 'stat.minecraft.jump')!.ours, de.stats['jump']![0]);
  });

  it('the script: exit 0 and "0 mismatches" on a folder of language files that agree, 1 and each mismatch listed when one differs, from a launcher folder too', () => {
    const dir = join(work, 'lang');
    mkdirSync(dir, { recursive: true });
    const lang = germanAsGame();
    writeFileSync(join(dir, 'de_de.json'), JSON.stringify(lang));
    const ok = run(['--lang-dir', dir]);
    assert.equal(ok.status, 0, ok.stderr + ok.stdout);
    assert.match(ok.stdout, /^de: 0 mismatches$/m);
    assert.match(ok.stdout, /^ru: no ru_ru\.json in .*, skipped$/m);
    const partial: Record<string, string> = { ...lang, 'stat.minecraft.jump': 'Hüpfer' };
    delete partial['stat.minecraft.deaths'];
    writeFileSync(join(dir, 'de_de.json'), JSON.stringify(partial));
    const bad = run(['--lang-dir', dir, '--lang', 'de']);
    assert.equal(bad.status, 1);
    assert.match(bad.stdout, new RegExp(`^de stat jump: ours ${JSON.stringify(de.stats['jump']![0])}, the game's "Hüpfer"$`, 'm'));
    assert.match(bad.stdout, /^de stat deaths: not checked, the file has no stat\.minecraft\.deaths$/m);
    assert.match(bad.stdout, /^de: 1 mismatch, 1 not checked$/m);
    // A key the file lacks is reported, but only a differing name fails.
    delete partial['stat.minecraft.jump'];
    writeFileSync(join(dir, 'de_de.json'), JSON.stringify(partial));
    assert.equal(run(['--lang-dir', dir, '--lang', 'de']).status, 0);
    // A launcher folder: versions/<v>/<v>.json names the asset index, which names the file's hash.
    const mc = join(work, 'minecraft');
    const hash = 'ab'.padEnd(40, '0');
    mkdirSync(join(mc, 'versions/1.21.11'), { recursive: true });
    mkdirSync(join(mc, 'assets/indexes'), { recursive: true });
    mkdirSync(join(mc, 'assets/objects/ab'), { recursive: true });
    writeFileSync(join(mc, 'versions/1.21.11/1.21.11.json'), JSON.stringify({ assetIndex: { id: '29' } }));
    writeFileSync(join(mc, 'assets/indexes/29.json'), JSON.stringify({ objects: { 'minecraft/lang/de_de.json': { hash, size: 1 } } }));
    writeFileSync(join(mc, `assets/objects/ab/${hash}`), JSON.stringify(lang));
    const launcher = run(['--minecraft-dir', mc, '--lang', 'de']);
    assert.equal(launcher.status, 0, launcher.stderr + launcher.stdout);
    assert.match(launcher.stdout, /^de: 0 mismatches$/m);
  });

  it('the script: bad arguments exit 2 with a message naming them, never a stack trace', () => {
    for (const [args, message] of [
      [[], /give exactly one of --lang-dir DIR and --minecraft-dir DIR/],
      [['--lang-dir', work, '--lang', 'xx'], /--lang xx: not a translated language/],
      [['--lang-dir', join(work, 'none')], /no language file found to check/],
      [['--minecraft-dir', join(work, 'none')], /The version file of 1\.21\.11 not found/],
      [['--lang-dir', work, '--colour'], /Unknown option '--colour'/],
    ] as const) {
      const result = run([...args]);
      assert.equal(result.status, 2, `${args.join(' ')}: ${result.stdout}${result.stderr}`);
      assert.match(result.stderr, message);
      assert.doesNotMatch(result.stderr, /\n\s+at /);
    }
  });

  it("every catalogue equals the game's names in test/game-lang/ (the game's 1.21.11 files, zh_cn 1.21, tr_tr a 1.20.5 snapshot; the keys the catalogue uses)", () => {
    const files = readdirSync(GAME_LANG).filter((f) => f.endsWith('.json'));
    for (const code of ['de_de', 'es_es', 'fr_fr', 'ja_jp', 'pl_pl', 'pt_br', 'ru_ru', 'tr_tr', 'zh_cn']) assert.ok(files.includes(`${code}.json`), code);
    execFileSync(process.execPath, ['--conditions=source', '--import', 'tsx', SCRIPT, '--lang-dir', GAME_LANG], { cwd: REPO_ROOT, stdio: 'pipe' });
    for (const file of files) assert.ok(Object.keys(JSON.parse(readFileSync(join(GAME_LANG, file), 'utf8'))).length > 250, file);
  });

  it('every language names an advancement the same way where a statistic\'s description quotes it (English: "every monster of Monsters Hunted")', () => {
    const quoted: Array<readonly [statId: string, advancementId: string]> = [];
    for (const stat of statCatalogue) {
      for (const a of advancementCatalogue) {
        if (a.isRoot || a.removedInDataVersion !== null) continue;
        if (new RegExp(`\\b${a.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(stat.description ?? '')) quoted.push([stat.id, a.id.replace('minecraft:', '')]);
      }
    }
    assert.ok(quoted.length > 0, 'some description quotes an advancement');
    const differing: string[] = [];
    for (const [tag, { catalogue }] of translations) {
      if (!catalogue) continue;
      for (const [statId, advancementId] of quoted) {
        const title = catalogue.advancements[advancementId]![0];
        if (!catalogue.stats[statId]![1].includes(title)) differing.push(`${tag} ${statId}: names ${advancementId} otherwise than its title ${JSON.stringify(title)}`);
      }
    }
    assert.deepEqual(differing, []);
  });
});
