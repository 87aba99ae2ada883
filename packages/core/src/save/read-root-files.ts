import { join } from 'node:path';
import { parseFloodgatePrefix } from './parse-floodgate-prefix.js';
import { parsePlayerList } from './parse-player-list.js';
import { parseProfileList, type ProfileEntry } from './parse-profile-list.js';
import { readErrorReason, readTextFile } from './read-text-file.js';
import type { PlayerListEntry, SaveWarning } from './types.js';

/** What the server root says about players, beside the world. */
export interface RootFiles {
  /** `usercache.json`, uuid → entry. */
  usercache: Map<string, ProfileEntry>;
  /** `whitelist.json`, uuid → entry. */
  whitelist: Map<string, ProfileEntry>;
  /** Floodgate's `username-prefix`, or null without Floodgate. */
  floodgatePrefix: string | null;
  /** `banned-players.json`, one entry per uuid, sorted by uuid. */
  bannedPlayers: PlayerListEntry[];
  /** `ops.json`, one entry per uuid, sorted by uuid. */
  operators: PlayerListEntry[];
}

/** Where Floodgate keeps its config: as a server plugin, or as a Fabric/NeoForge mod. */
const FLOODGATE_CONFIGS = ['plugins/floodgate/config.yml', 'config/floodgate/config.yml'];

/** An optional file at the server root: null when absent, a warning when unreadable. */
async function readOptional(root: string, file: string, warnings: SaveWarning[]): Promise<string | null> {
  try {
    return await readTextFile(join(root, ...file.split('/')));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      warnings.push({ file, reason: `unreadable: ${readErrorReason(error)}` });
    }
    return null;
  }
}

/**
 * uuid → entry. A usercache salvaged from several versions can name a UUID more than once: the
 * newest `expiresOn` wins.
 */
async function readProfiles(
  root: string,
  file: string,
  warnings: SaveWarning[],
): Promise<Map<string, ProfileEntry>> {
  const profiles = new Map<string, ProfileEntry>();
  const text = await readOptional(root, file, warnings);
  if (text === null) return profiles;
  const { entries, problem } = parseProfileList(text);
  if (problem !== null) warnings.push({ file, reason: problem });
  for (const entry of entries) {
    const known = profiles.get(entry.uuid);
    if (known === undefined || (entry.expiresOn ?? -Infinity) > (known.expiresOn ?? -Infinity)) {
      profiles.set(entry.uuid, entry);
    }
  }
  return profiles;
}

/** `banned-players.json` or `ops.json`: one entry per uuid (the first listed), sorted by uuid. */
async function readPlayerList(root: string, file: string, warnings: SaveWarning[]): Promise<PlayerListEntry[]> {
  const text = await readOptional(root, file, warnings);
  if (text === null) return [];
  const { entries, problem } = parsePlayerList(text);
  if (problem !== null) warnings.push({ file, reason: problem });
  const byUuid = new Map<string, PlayerListEntry>();
  for (const entry of entries) if (!byUuid.has(entry.uuid)) byUuid.set(entry.uuid, entry);
  return [...byUuid.values()].sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
}

async function readFloodgatePrefix(root: string, warnings: SaveWarning[]): Promise<string | null> {
  for (const file of FLOODGATE_CONFIGS) {
    const text = await readOptional(root, file, warnings);
    if (text !== null) return parseFloodgatePrefix(text);
  }
  return null;
}

/**
 * Reads `usercache.json`, `whitelist.json`, `banned-players.json`, `ops.json` and Floodgate's
 * config from a server root. Missing files are normal (a bare world, a server without Floodgate);
 * broken ones add a warning. Read at every call, never cached: a ban takes effect at the next read.
 */
export async function readRootFiles(root: string, warnings: SaveWarning[]): Promise<RootFiles> {
  const [usercache, whitelist, bannedPlayers, operators, floodgatePrefix] = await Promise.all([
    readProfiles(root, 'usercache.json', warnings),
    readProfiles(root, 'whitelist.json', warnings),
    readPlayerList(root, 'banned-players.json', warnings),
    readPlayerList(root, 'ops.json', warnings),
    readFloodgatePrefix(root, warnings),
  ]);
  return { usercache, whitelist, floodgatePrefix, bannedPlayers, operators };
}
