/**
 * Builds `src/catalogue/advancements.data.ts`, the checked-in vanilla advancement catalogue, from
 * the team's game-facts file `../shared/vanilla/advancements.json` (not shipped with the package,
 * so its facts are carried over into a data module).
 *
 *   node --import tsx packages/core/scripts/build-advancement-catalogue.ts [advancements.json]
 *
 * What it derives:
 * - every advancement of 1.21.11 (the file's `advancements`), never recipes;
 * - `addedInDataVersion`: the DataVersion of the release whose `added_vs_previous` lists the id
 *   (0 for the 1.20 base set), cross-checked against each entry's own `added_in`;
 * - `removedInDataVersion`: the DataVersion of the release whose `removed_vs_previous` lists it;
 * - advancements removed before 1.21.11 (only `nether/use_lodestone`, moved to
 *   `adventure/use_lodestone` in 1.21.5): rebuilt from their successor (`previous_id`) plus the
 *   few facts that differ, from {@link RETIRED};
 * - `wiki`: `https://minecraft.wiki/w/Advancement#<Title_with_underscores>`, the row of the wiki's
 *   advancement list (the wiki has no page per advancement).
 *
 * Every per-version total and per-category count in the file's `per_version_counts` is checked
 * against the result; any mismatch aborts the build.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AdvancementCategory, AdvancementDefinition } from '../src/catalogue/types.js';

/** The parts of advancements.json this script reads. */
interface SourceAdvancement {
  id: string;
  category: string;
  title: string;
  description: string;
  icon: string;
  frame: string;
  hidden: boolean;
  parent: string | null;
  is_root: boolean;
  criteria: string[];
  requirements: string[][];
  added_in: string;
  previous_id?: string;
}
interface SourceVersion {
  version: string;
  data_version: number;
  total_including_roots: number;
  by_category_including_roots?: Record<string, number>;
  added_vs_previous?: string[];
  removed_vs_previous?: string[];
}
export interface SourceFile {
  advancements: SourceAdvancement[];
  per_version_counts: SourceVersion[];
}

/**
 * Facts about removed advancements that differ from their successor's. `nether/use_lodestone`
 * hung under "Hidden in the Depths" in the Nether tab (decompiled VanillaNetherAdvancements,
 * 1.16-1.21.4: `.parent(obtain_ancient_debris)`); everything else (title, icon, frame, criterion
 * `use_lodestone`) is unchanged by the move.
 */
const RETIRED: Readonly<Record<string, { parent: string }>> = {
  'minecraft:nether/use_lodestone': { parent: 'minecraft:nether/obtain_ancient_debris' },
};

const CATEGORIES: readonly AdvancementCategory[] = ['story', 'nether', 'end', 'adventure', 'husbandry'];
const FRAMES = ['task', 'goal', 'challenge'] as const;

/** The wiki's advancement list, anchored at the advancement's row (MediaWiki anchor: spaces → `_`). */
export function wikiUrl(title: string): string {
  return `https://minecraft.wiki/w/Advancement#${encodeURIComponent(title.replaceAll(' ', '_'))}`;
}

function fail(message: string): never {
  throw new Error(`build-advancement-catalogue: ${message}`);
}

function categoryOf(id: string): AdvancementCategory {
  const category = /^minecraft:([a-z]+)\//.exec(id)?.[1];
  if (!category || !(CATEGORIES as readonly string[]).includes(category)) fail(`no known tab in ${id}`);
  return category as AdvancementCategory;
}

/** Turns the facts file into catalogue entries, sorted by tab, root first, then id. */
export function buildAdvancementCatalogue(source: SourceFile): AdvancementDefinition[] {
  const versions = [...source.per_version_counts].sort((a, b) => a.data_version - b.data_version);
  if (versions.length === 0) fail('per_version_counts is empty');
  const addedAt = new Map<string, SourceVersion>();
  const removedAt = new Map<string, SourceVersion>();
  for (const v of versions.slice(1)) {
    for (const id of v.added_vs_previous ?? []) addedAt.set(id, v);
    for (const id of v.removed_vs_previous ?? []) removedAt.set(id, v);
  }

  const entries: AdvancementDefinition[] = source.advancements.map((a) => {
    if (a.id.startsWith('minecraft:recipes/')) fail(`recipe ${a.id} in the advancement list`);
    const added = addedAt.get(a.id);
    // Cross-check: the entry's own `added_in` names the same release as the version history.
    const expected = a.added_in === '1.20 or earlier' ? undefined : a.added_in;
    if (added?.version !== expected) {
      fail(`${a.id}: added_in ${a.added_in} but per_version_counts says ${added?.version ?? 'base set'}`);
    }
    if (a.category !== categoryOf(a.id)) fail(`${a.id}: category ${a.category} does not match its id`);
    if (!(FRAMES as readonly string[]).includes(a.frame)) fail(`${a.id}: unknown frame ${a.frame}`);
    return {
      id: a.id,
      category: categoryOf(a.id),
      title: a.title,
      description: a.description,
      icon: a.icon,
      frame: a.frame as AdvancementDefinition['frame'],
      hidden: a.hidden,
      parent: a.parent,
      isRoot: a.is_root,
      criteria: [...a.criteria],
      requirements: a.requirements.map((group) => [...group]),
      addedInDataVersion: added?.data_version ?? 0,
      removedInDataVersion: removedAt.get(a.id)?.data_version ?? null,
      wiki: wikiUrl(a.title),
    };
  });

  const known = new Set(entries.map((e) => e.id));
  for (const [id, removed] of removedAt) {
    if (known.has(id)) continue;
    const successor = source.advancements.find((a) => a.previous_id === id);
    const retired = RETIRED[id];
    if (!successor || !retired) fail(`${id} was removed in ${removed.version}; add it to RETIRED with its successor`);
    const base = entries.find((e) => e.id === successor.id)!;
    entries.push({
      ...base,
      id,
      category: categoryOf(id),
      parent: retired.parent,
      criteria: [...base.criteria],
      requirements: base.requirements.map((group) => [...group]),
      addedInDataVersion: addedAt.get(id)?.data_version ?? 0,
      removedInDataVersion: removed.data_version,
    });
    known.add(id);
  }

  for (const e of entries) {
    if (e.parent !== null && !known.has(e.parent)) fail(`${e.id}: parent ${e.parent} is not in the catalogue`);
    if (e.isRoot !== (e.parent === null)) fail(`${e.id}: root flag and parent disagree`);
  }

  // Every release's totals must come out of the presence ranges exactly.
  for (const v of versions) {
    const present = entries.filter(
      (e) => e.addedInDataVersion <= v.data_version && (e.removedInDataVersion === null || v.data_version < e.removedInDataVersion),
    );
    if (present.length !== v.total_including_roots) {
      fail(`${v.version}: ${present.length} advancements, per_version_counts says ${v.total_including_roots}`);
    }
    for (const [category, count] of Object.entries(v.by_category_including_roots ?? {})) {
      const n = present.filter((e) => e.category === category).length;
      if (n !== count) fail(`${v.version}: ${n} in ${category}, per_version_counts says ${count}`);
    }
  }

  const tab = (e: AdvancementDefinition): number => CATEGORIES.indexOf(e.category);
  return entries.sort((a, b) => tab(a) - tab(b) || Number(b.isRoot) - Number(a.isRoot) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The data module's text: one advancement per line, so diffs stay readable. */
export function renderAdvancementData(entries: readonly AdvancementDefinition[]): string {
  return [
    '// Generated by packages/core/scripts/build-advancement-catalogue.ts from the vanilla facts file',
    '// advancements.json (Minecraft Java 1.20 → 1.21.11). Do not edit by hand: rerun the script.',
    "import type { AdvancementDefinition } from './types.js';",
    '',
    '/** Every vanilla advancement of 1.20 → 1.21.11, removed ones included. */',
    'export const advancementData: readonly AdvancementDefinition[] = [',
    ...entries.map((e) => `  ${JSON.stringify(e)},`),
    '];',
    '',
  ].join('\n');
}

/** `<repo>/../shared/vanilla/advancements.json`: the repo root is the folder with package-lock.json. */
export function defaultSourcePath(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(from);
  while (!existsSync(join(dir, 'package-lock.json'))) {
    const up = dirname(dir);
    if (up === dir) fail(`no package-lock.json above ${from}`);
    dir = up;
  }
  return join(dir, '..', 'shared', 'vanilla', 'advancements.json');
}

export const OUTPUT_PATH = fileURLToPath(new URL('../src/catalogue/advancements.data.ts', import.meta.url));

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const input = process.argv[2] ?? defaultSourcePath();
  const source = JSON.parse(readFileSync(input, 'utf8')) as SourceFile;
  const entries = buildAdvancementCatalogue(source);
  writeFileSync(OUTPUT_PATH, renderAdvancementData(entries));
  console.log(`wrote ${entries.length} advancements to ${OUTPUT_PATH}`);
}
