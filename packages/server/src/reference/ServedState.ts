import type { SaveData, SaveWarning } from '@blockstats/core';

/**
 * Where the recipe unlocks of `include=recipes` are read from: the server root and, by player,
 * the advancement file below it. `file` gives undefined for a player the save does not hold and
 * null for one without an advancement file.
 */
export interface RecipeSource {
  root: string;
  file(uuid: string): string | null | undefined;
}

/**
 * What a pull leaves the server answering from besides its snapshot, in the form stored with the
 * snapshot in `snapshot.json`: without it a restarted server answered differently until its
 * first pull ended (no recipe unlocks, hidden players back in the live status's sample, no
 * unreadable files in `/v1/health`).
 */
export interface ServedState {
  /** Server root the advancement files are below (`SaveData.root`). */
  root: string;
  /** Flat pairs: each player of the save (by uuid) and their advancement file, or null. */
  advancement_files: Array<string | null>;
  /** Players the hiding rules left out (`PullState.hidden`), sorted. */
  hidden: string[];
  /** Files the pull could not use (`PullState.unreadable`). */
  unreadable: SaveWarning[];
}

/** The stored form of a pull's state (see {@link ServedState}). */
export function servedState(save: SaveData, hidden: ReadonlySet<string>, unreadable: readonly SaveWarning[]): ServedState {
  const files: Array<string | null> = [];
  for (const player of save.players) files.push(player.uuid, player.files.advancements);
  return { root: save.root, advancement_files: files, hidden: [...hidden].sort(), unreadable: [...unreadable] };
}

/** The recipe source of a save just read. */
export function recipeSourceOfSave(save: SaveData): RecipeSource {
  return {
    root: save.root,
    file: (uuid) => save.players.find((p) => p.uuid === uuid)?.files.advancements,
  };
}

/** The recipe source of a stored state, as the pull that stored it had it. */
export function recipeSourceOfStored(served: ServedState): RecipeSource {
  const files = new Map<string, string | null>();
  for (let i = 0; i + 1 < served.advancement_files.length; i += 2) files.set(served.advancement_files[i]!, served.advancement_files[i + 1]!);
  return { root: served.root, file: (uuid) => files.get(uuid) };
}

/** A relative path with forward slashes that stays below the root (as `list-save-files` writes them). */
function belowRoot(file: string): boolean {
  return !file.startsWith('/') && !/^[A-Za-z]:/.test(file) && !file.split(/[\\/]/).includes('..');
}

/**
 * Whether a parsed value has the shape of a {@link ServedState} (a damaged or older file's
 * value is not used: the server then answers from the snapshot alone until its first pull).
 */
export function isServedState(value: unknown): value is ServedState {
  if (typeof value !== 'object' || value === null) return false;
  const { root, advancement_files: files, hidden, unreadable } = value as Partial<ServedState>;
  return typeof root === 'string'
    && Array.isArray(files) && files.length % 2 === 0 && files.every((f, i) => (i % 2 === 1 && f === null) || (typeof f === 'string' && (i % 2 === 0 || belowRoot(f))))
    && Array.isArray(hidden) && hidden.every((h) => typeof h === 'string')
    && Array.isArray(unreadable) && unreadable.every((w) => typeof w === 'object' && w !== null && typeof (w as SaveWarning).file === 'string');
}
