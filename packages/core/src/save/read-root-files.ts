import { parseFloodgatePrefix } from './parse-floodgate-prefix.js';
import type { ProfileLookup } from './profile-index.js';
import { readPlayerListFile } from './read-player-list-file.js';
import { readProfileFile, type ReadProfileFileOptions } from './read-profile-file.js';
import { readRootTextFile } from './read-root-file.js';
import type { PlayerListEntry, SaveWarning } from './types.js';

/** What the server root says about players, beside the world. */
export interface RootFiles {
  /** `usercache.json`, uuid → entry. */
  usercache: ProfileLookup;
  /** `whitelist.json`, uuid → entry. */
  whitelist: ProfileLookup;
  /** Floodgate's `username-prefix`, or null without Floodgate. */
  floodgatePrefix: string | null;
  /** `banned-players.json`, one entry per uuid, sorted by uuid. */
  bannedPlayers: PlayerListEntry[];
  /** `ops.json`, one entry per uuid, sorted by uuid. */
  operators: PlayerListEntry[];
}

/** Where Floodgate keeps its config: as a server plugin, or as a Fabric/NeoForge mod. */
const FLOODGATE_CONFIGS = ['plugins/floodgate/config.yml', 'config/floodgate/config.yml'];

async function readFloodgatePrefix(root: string, warnings: SaveWarning[], maxBytes: number): Promise<string | null> {
  for (const file of FLOODGATE_CONFIGS) {
    const text = await readRootTextFile(root, file, warnings, maxBytes);
    if (text !== null) return parseFloodgatePrefix(text);
  }
  return null;
}

/**
 * Reads `usercache.json`, `whitelist.json`, `banned-players.json`, `ops.json` and Floodgate's
 * config from a server root, each within `limits.rootFileBytes` (see `readProfileFile`,
 * `readPlayerListFile`). Missing files are normal (a bare world, a server without Floodgate);
 * broken ones add a warning. The ban and operator lists are read at every call, never cached: a
 * ban takes effect at the next read.
 */
export async function readRootFiles(root: string, warnings: SaveWarning[], options: ReadProfileFileOptions): Promise<RootFiles> {
  const [usercache, whitelist, bannedPlayers, operators, floodgatePrefix] = await Promise.all([
    readProfileFile(root, 'usercache.json', warnings, options),
    readProfileFile(root, 'whitelist.json', warnings, options),
    readPlayerListFile(root, 'banned-players.json', warnings, options),
    readPlayerListFile(root, 'ops.json', warnings, options),
    readFloodgatePrefix(root, warnings, options.limits.rootFileBytes),
  ]);
  return { usercache, whitelist, floodgatePrefix, bannedPlayers, operators };
}
