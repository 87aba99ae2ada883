import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { parseServerProperties } from './parse-server-properties.js';
import { readRootTextFile } from './read-root-file.js';
import { DEFAULT_READ_LIMITS } from './read-limits.js';
import { SaveError } from './save-error.js';
import type { SaveWarning } from './types.js';

/** Where a save's parts are. */
export interface SaveLocation {
  /** Server root (absolute): usercache, whitelist, mods, plugins live here. */
  root: string;
  /** World folder (absolute). */
  world: string;
  levelName: string;
  serverProperties: Record<string, string>;
  warnings: SaveWarning[];
}

/** The game's default `level-name`. */
const DEFAULT_LEVEL_NAME = 'world';
/** Any of these marks a folder as a world. */
const WORLD_MARKERS = ['stats', 'advancements', 'playerdata', 'level.dat'];

async function kindOf(path: string): Promise<'file' | 'dir' | null> {
  try {
    const info = await stat(path);
    return info.isDirectory() ? 'dir' : info.isFile() ? 'file' : null;
  } catch {
    return null;
  }
}

async function isWorld(path: string): Promise<boolean> {
  const kinds = await Promise.all(WORLD_MARKERS.map((name) => kindOf(join(path, name))));
  return kinds.some((kind, i) => kind === (WORLD_MARKERS[i] === 'level.dat' ? 'file' : 'dir'));
}

/** `server.properties`, or null when absent or unusable (a FIFO in its place is never waited on). */
async function readProperties(root: string, warnings: SaveWarning[], maxBytes: number): Promise<Record<string, string> | null> {
  const text = await readRootTextFile(root, 'server.properties', warnings, maxBytes);
  return text === null ? null : parseServerProperties(text);
}

/**
 * Finds the world of a server directory: a server root (world named by `server.properties`
 * `level-name`, default `world`) or a bare world folder (one holding `stats/`, `advancements/`,
 * `playerdata/` or `level.dat`; its parent is then taken as the server root). Throws a
 * `SaveError` when the path is missing, unreadable, or neither. `server.properties` is read
 * within `maxPropertiesBytes`; one that cannot be used is a warning, and the default world is
 * looked for.
 *
 * @example
 * await locateSave('/srv/minecraft');
 * // { root: '/srv/minecraft', world: '/srv/minecraft/world', levelName: 'world', … }
 */
export async function locateSave(path: string, maxPropertiesBytes: number = DEFAULT_READ_LIMITS.rootFileBytes): Promise<SaveLocation> {
  if (typeof path !== 'string' || path === '') {
    throw new SaveError('ENOENT', String(path), 'No save path was given.');
  }
  const given = resolve(path);
  let info;
  try {
    info = await stat(given);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new SaveError('ENOENT', given, `No such directory: ${given}`, { cause: error });
    }
    throw new SaveError('UNREADABLE', given, `Cannot read ${given}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (!info.isDirectory()) {
    throw new SaveError(
      'NOT_A_DIRECTORY',
      given,
      `${given} is a file; give the server directory (holding server.properties or world/) or a world folder.`,
    );
  }

  try {
    await readdir(given);
  } catch (error) {
    throw new SaveError('UNREADABLE', given, `Cannot list ${given}: ${(error as Error).message}`, {
      cause: error,
    });
  }

  const warnings: SaveWarning[] = [];
  const properties = await readProperties(given, warnings, maxPropertiesBytes);
  const levelName = properties?.['level-name']?.trim() || DEFAULT_LEVEL_NAME;
  const namedWorld = resolve(given, levelName);
  if (await isWorld(namedWorld)) {
    return { root: given, world: namedWorld, levelName, serverProperties: properties ?? {}, warnings };
  }
  if (await isWorld(given)) {
    const root = dirname(given);
    const rootWarnings: SaveWarning[] = [];
    const rootProperties = root === given ? null : await readProperties(root, rootWarnings, maxPropertiesBytes);
    return {
      root,
      world: given,
      levelName: basename(given),
      serverProperties: rootProperties ?? {},
      warnings: rootWarnings,
    };
  }
  throw new SaveError(
    'NOT_A_SAVE',
    given,
    properties === null
      ? `${given} is not a Minecraft save: it has no server.properties, no ${DEFAULT_LEVEL_NAME}/ world, ` +
        'and no stats/, advancements/, playerdata/ or level.dat of its own.'
      : `${given} has a server.properties naming the world "${levelName}", but ${namedWorld} holds ` +
        'no stats/, advancements/, playerdata/ or level.dat.',
  );
}
