import { lstatSync, readdirSync, type Dirent } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { pathOf } from './parse-cache.js';
import type { PlayerFileKind } from './parse-player-file.js';
import { readErrorReason } from './read-error-reason.js';
import type { SaveWarning } from './types.js';

/**
 * One file to read: a player's file or a mod jar. It holds its folder (one string shared by the
 * folder's files) and its name (the listing's), not its path: at 50,000 players 150,000 paths
 * took ~120 bytes each.
 */
export class SaveFile {
  readonly kind: PlayerFileKind | 'mod';
  /** The folder, absolute. */
  readonly dir: string;
  /** The name in `dir`. */
  readonly name: string;
  /** Relative to the server root, `/`-separated. */
  readonly file: string;
  constructor(kind: PlayerFileKind | 'mod', dir: string, name: string, file: string) {
    this.kind = kind;
    this.dir = dir;
    this.name = name;
    this.file = file;
  }
  /** Absolute path: made when asked (to open the file, to name it), not held. */
  get path(): string {
    return pathOf(this.dir, this.name);
  }
}

/** The files of a save to read, as listed. */
export interface SaveListing {
  /** Player files, in folder order (stats, advancements, playerdata), each sorted by name. */
  players: SaveFile[];
  /** uuid → index in `players` of each of its files. */
  byUuid: Map<string, Partial<Record<PlayerFileKind, number>>>;
  /** Mod jars of `mods/`, sorted by name. */
  mods: SaveFile[];
  /** The folders listed, absolute. */
  folders: { world: string; mods: string };
}

const KINDS: readonly PlayerFileKind[] = ['stats', 'advancements', 'playerdata'];
const EXTENSIONS: Record<PlayerFileKind, string> = { stats: 'json', advancements: 'json', playerdata: 'dat' };
/** Exactly `<dashed uuid>.<ext>`: not `<uuid>-<n>.dat` temp files, `.dat_old`, `_corrupted_` copies. */
const UUID_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:json|dat)$/i;

/**
 * Lists a folder; a missing one is simply empty, an unreadable one is a warning. Synchronous: a
 * listing of 10,000 names takes a few milliseconds on this thread, against several times that
 * waiting for libuv's thread pool.
 */
function list(dir: string, file: string, warnings: SaveWarning[]): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      warnings.push({ file, reason: `folder unreadable: ${readErrorReason(error)}` });
    }
    return [];
  }
}

/**
 * File names (not folders) of a listing, sorted so that reads and warnings are deterministic.
 * Other odd entries (a FIFO, a socket) are kept: reading refuses them with a warning.
 */
function fileNames(entries: Dirent[]): string[] {
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const yieldToLoop = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/** A listing of the player folders and the folder entries it was made from. */
interface ListingMemo {
  root: string;
  world: string;
  /** Each folder's entry names in readdir's order, and which were folders. */
  entries: ReadonlyArray<{ names: string[]; folders: Uint8Array }>;
  /** Each folder's entries by name (true: a folder), made when first needed. */
  byName?: ReadonlyArray<ReadonlyMap<string, boolean>>;
  players: SaveFile[];
  byUuid: SaveListing['byUuid'];
  warnings: SaveWarning[];
}

/** Per `memoKey` (the parse cache), the last listing of the player folders. */
const memos = new WeakMap<object, ListingMemo>();

/** Same names in the same order (readdir's, which changes when a folder's entries do), same kinds. */
function sameEntries(a: readonly Dirent[], b: ListingMemo['entries'][number]): boolean {
  if (a.length !== b.names.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.name !== b.names[i] || Number(a[i]!.isDirectory()) !== b.folders[i]) return false;
  }
  return true;
}

/**
 * Whether the entries the memo was made from are still what the folders hold, as far as the
 * watchers' `changed` paths tell: each changed name is (still) listed and a file, or (still)
 * absent or a folder, as the memo has it. A file rewritten in place or replaced by a rename
 * changes nothing; a file created or deleted does.
 */
function unchangedByEvents(memo: ListingMemo, world: string, changed: ReadonlySet<string>): boolean {
  const folders = KINDS.map((kind) => join(world, kind));
  const byName = (memo.byName ??= memo.entries.map(({ names, folders: isFolder }) => new Map(names.map((name, i) => [name, isFolder[i] === 1]))));
  for (const path of changed) {
    const k = folders.indexOf(dirname(path));
    if (k < 0) continue;
    const listed = byName[k]!.get(path.slice(folders[k]!.length + 1));
    const info = lstatSync(path, { throwIfNoEntry: false });
    const now = info === undefined ? undefined : info.isDirectory();
    if (listed !== now) return false;
  }
  return true;
}

/** What a memo keeps of a folder's entries (not the `Dirent` objects: 30,000 of them at 10,000 players). */
function remembered(entries: readonly Dirent[]): ListingMemo['entries'][number] {
  return { names: entries.map((entry) => entry.name), folders: Uint8Array.from(entries, (entry) => Number(entry.isDirectory())) };
}

/**
 * Lists a world's player files and the server's mod jars. Only files named exactly
 * `<uuid>.json` / `<uuid>.dat` are taken (top level only: never descends); a second file naming
 * the same player in one folder (different case) is a warning. With a `memoKey`, player folders
 * whose entries are as at the last listing with that key give that listing's files again (the
 * same objects; at 10,000 players, sorting and matching 30,000 names every pull took ~40 ms).
 * With `changed` as well (the paths a `SaveWatch` saw change since that listing), the folders
 * are not even listed when no changed name was created or deleted (reading 30,000 entries took
 * another ~25 ms).
 */
export async function listSaveFiles(root: string, world: string, warnings: SaveWarning[], memoKey?: object, changed?: ReadonlySet<string> | null): Promise<SaveListing> {
  const rel = (absolute: string): string => relative(root, absolute).split(sep).join('/');
  const modsDir = join(root, 'mods');
  const memo = memoKey ? memos.get(memoKey) : undefined;
  const current = memo !== undefined && memo.root === root && memo.world === world;
  let players: SaveFile[];
  let byUuid: SaveListing['byUuid'];
  const listed: Dirent[][] = [];
  const listWarnings: SaveWarning[] = [];
  // Nothing created or deleted, by the watchers' account: the folders are not listed again
  // (unless the last listing warned: an unreadable folder, two files of one player).
  if (current && changed && memo.warnings.length === 0 && unchangedByEvents(memo, world, changed)) {
    ({ players, byUuid } = memo);
    return { players, byUuid, mods: modFiles(root, modsDir, warnings), folders: { world, mods: modsDir } };
  }
  for (const kind of KINDS) {
    const folder = join(world, kind);
    listed.push(list(folder, rel(folder), listWarnings));
  }
  if (current && listWarnings.length === 0 && listed.every((entries, k) => sameEntries(entries, memo.entries[k]!))) {
    ({ players, byUuid } = memo);
    warnings.push(...memo.warnings.map((w) => ({ ...w })));
  } else {
    ({ players, byUuid } = await playerFiles(root, world, listed, listWarnings));
    warnings.push(...listWarnings);
    if (memoKey) memos.set(memoKey, { root, world, entries: listed.map(remembered), players, byUuid, warnings: listWarnings });
  }
  return { players, byUuid, mods: modFiles(root, modsDir, warnings), folders: { world, mods: modsDir } };
}

/** The mod jars of `mods/`, sorted by name (listed at every read: a few dozen entries). */
function modFiles(root: string, modsDir: string, warnings: SaveWarning[]): SaveFile[] {
  const rel = (absolute: string): string => relative(root, absolute).split(sep).join('/');
  return fileNames(list(modsDir, rel(modsDir), warnings))
    .filter((name) => /\.jar$/i.test(name))
    .map((name) => new SaveFile('mod', modsDir, name, rel(join(modsDir, name))));
}

/**
 * The uuid a listed player file is named after (lower case), e.g. `world/stats/<uuid>.json`.
 *
 * @example
 * playerFileUuid(new SaveFile('stats', '/srv/mc/world/stats', '069A79F4-44E9-4726-A5BE-FCA90E38AAF5.json', 'world/stats/069A79F4-44E9-4726-A5BE-FCA90E38AAF5.json'));
 * // '069a79f4-44e9-4726-a5be-fca90e38aaf5'
 */
export function playerFileUuid(file: SaveFile): string {
  return file.name.slice(0, 36).toLowerCase();
}

/** The player files among the entries of the three player folders (in `KINDS` order). */
async function playerFiles(root: string, world: string, listed: readonly Dirent[][], warnings: SaveWarning[]): Promise<Pick<SaveListing, 'players' | 'byUuid'>> {
  const rel = (absolute: string): string => relative(root, absolute).split(sep).join('/');
  const players: SaveFile[] = [];
  const byUuid = new Map<string, Partial<Record<PlayerFileKind, number>>>();
  for (let k = 0; k < KINDS.length; k++) {
    const kind = KINDS[k]!;
    const folder = join(world, kind);
    const relFolder = rel(folder);
    const prefix = relFolder === '' ? '' : `${relFolder}/`;
    const suffix = `.${EXTENSIONS[kind]}`;
    for (const name of fileNames(listed[k]!)) {
      // `<uuid>.json` or `<uuid>.dat` exactly (36 + the extension), case-insensitively.
      if (name.length !== 36 + suffix.length || !UUID_FILE.test(name) || name.slice(36).toLowerCase() !== suffix) continue;
      const uuid = name.slice(0, 36).toLowerCase();
      const saveFile = new SaveFile(kind, folder, name, prefix + name);
      const files = byUuid.get(uuid) ?? {};
      if (files[kind] !== undefined) {
        warnings.push({ file: saveFile.file, reason: `another ${kind} file already names this player; ignored` });
        continue;
      }
      files[kind] = players.length;
      byUuid.set(uuid, files);
      players.push(saveFile);
    }
    await yieldToLoop();
  }
  return { players, byUuid };
}
