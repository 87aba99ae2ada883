import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { decodePlayerSave, encodePlayerSave, type PlayerSave } from '@blockstats/core';
import { readBoundedFile } from '@blockstats/core/node';
import { cleanTemporaryFiles, writeFileAtomic } from '../live/jsonFile.js';
import type { Logger } from './logger.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Folder of the data directory holding one file per player. */
export const LAST_GOOD_DIR = 'last-good';
const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.json\.gz$/;
/** Files written at once. */
const CONCURRENCY = 4;

/**
 * Every player's last good reading, on disk: what keeps a player's numbers when their file is
 * missing or unreadable at the first pull after a restart (in memory, the pull keeps them
 * itself). One gzipped JSON file per player in `<data>/last-good/`, written in the background
 * after a good pull for the players that changed since the last write, read only for the players
 * a pull needs. After a start, a player's file that already holds the same reading is kept, not
 * written again (reading and comparing it costs a fraction of compressing and replacing it). A
 * write that wrote any player logs `last_good_written` (`players`, `duration_ms`).
 */
export interface LastGoodStore {
  /** Removes temporary files of a killed write; lists the players on disk. Call once, first. */
  open(): Promise<ReadonlySet<string>>;
  /** A player's last good reading, or null when there is none or it cannot be read (logged). */
  read(uuid: string): Promise<PlayerSave | null>;
  /**
   * Writes the players that changed since the last write and removes those no longer there, in
   * the background, one write at a time (a request made while one runs waits for it; only the
   * newest waiting request is kept).
   */
  save(players: ReadonlyMap<string, PlayerSave>): void;
  /** Resolves once no write is running or waiting. */
  idle(): Promise<void>;
  /**
   * Ends the writing for good (the server is closing): the waiting write is dropped and a
   * running one stops after the files in hand, so `idle()` resolves soon. What was not written
   * is written, or found unchanged, at the next start.
   */
  stop(): void;
}

/** Options of {@link createLastGoodStore}. */
export interface LastGoodStoreOptions {
  /** Files over this size are not read. */
  maxBytes: number;
  log: Logger;
  /**
   * Called after every `collectEvery` players written by one write (default 1,000): the
   * reference server runs a full collection there (`collectGarbage`). Writing every player after
   * a start leaves each player's encoded text (up to ~200 KB, allocated straight into V8's old
   * generation) as garbage, which V8 otherwise lets pile up: at 10,000 players the process's
   * peak went from ~330 MB to over 400 MB during that write.
   */
  collect?: () => void;
  collectEvery?: number;
}

/** Creates the store of `dataDir` (see {@link LastGoodStore}). */
export function createLastGoodStore(dataDir: string, options: LastGoodStoreOptions): LastGoodStore {
  const collectEvery = options.collectEvery ?? 1000;
  const dir = join(dataDir, LAST_GOOD_DIR);
  const onDisk = new Set<string>();
  const written = new WeakSet<PlayerSave>();
  /** Players written or found unchanged on disk by this process: their files need no comparing. */
  const known = new Set<string>();
  let running: Promise<void> | null = null;
  let waiting: ReadonlyMap<string, PlayerSave> | null = null;
  let stopped = false;

  async function write(players: ReadonlyMap<string, PlayerSave>): Promise<void> {
    const begin = performance.now();
    // forEach, not spreading the map: a `PlayersByUuid` (see keepLastGood) makes an entry pair a player.
    const changed: [string, PlayerSave][] = [];
    players.forEach((player, uuid) => {
      if (!written.has(player)) changed.push([uuid, player]);
    });
    let failures = 0;
    let unchanged = 0;
    let firstError: string | null = null;
    let next = 0;
    let done = 0;
    const one = async (): Promise<void> => {
      while (next < changed.length && !stopped) {
        const [uuid, player] = changed[next++]!;
        try {
          const text = JSON.stringify(encodePlayerSave(player));
          if (!known.has(uuid) && onDisk.has(uuid) && (await readText(uuid)) === text) {
            unchanged++;
          } else {
            await writeFileAtomic(join(dir, `${uuid}.json.gz`), await gzipAsync(text));
            onDisk.add(uuid);
          }
          written.add(player);
          known.add(uuid);
        } catch (error) {
          failures++;
          firstError ??= (error as Error).message;
        }
        if (++done % collectEvery === 0) options.collect?.();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, one));
    if (!stopped && onDisk.size > filesOf(players)) await removeStale(players);
    if (failures > 0) options.log.log('warn', 'last_good_write_failed', { files: failures, error: firstError });
    // Background work the pull started, timed like `snapshot_persisted` (a pull's own line ends before it).
    const wrote = changed.length - failures - unchanged;
    if (wrote > 0) options.log.log('info', 'last_good_written', { players: wrote, duration_ms: Math.round(performance.now() - begin) });
  }

  /** How many of the players have a file on disk. */
  function filesOf(players: ReadonlyMap<string, PlayerSave>): number {
    let n = 0;
    players.forEach((_, uuid) => {
      if (onDisk.has(uuid)) n++;
    });
    return n;
  }

  /**
   * Removes the files of players no longer read. Only called when there are some (more files than
   * current players with one): a pull after which nobody left looks up no player, where a pass over
   * every file on disk made a `PlayersByUuid` of 10,000 build its index at every pull.
   */
  async function removeStale(players: ReadonlyMap<string, PlayerSave>): Promise<void> {
    for (const uuid of [...onDisk]) {
      if (stopped) break;
      if (players.has(uuid)) continue;
      await rm(join(dir, `${uuid}.json.gz`), { force: true }).catch(() => undefined);
      onDisk.delete(uuid);
      known.delete(uuid);
    }
  }

  /** A player's file as text, or null when it cannot be read. */
  async function readText(uuid: string): Promise<string | null> {
    try {
      const bytes = await readBoundedFile(join(dir, `${uuid}.json.gz`), options.maxBytes);
      return (await gunzipAsync(bytes, { maxOutputLength: options.maxBytes })).toString('utf8');
    } catch {
      return null;
    }
  }

  function pump(): void {
    if (running !== null || waiting === null) return;
    const players = waiting;
    waiting = null;
    running = write(players).finally(() => {
      running = null;
      pump();
    });
  }

  return {
    async open() {
      await cleanTemporaryFiles(dir);
      try {
        for (const name of await readdir(dir)) {
          const match = FILE.exec(name);
          if (match) onDisk.add(match[1]!);
        }
      } catch {
        // None yet.
      }
      return onDisk;
    },
    async read(uuid) {
      if (!onDisk.has(uuid)) return null;
      try {
        const bytes = await readBoundedFile(join(dir, `${uuid}.json.gz`), options.maxBytes);
        const text = (await gunzipAsync(bytes, { maxOutputLength: options.maxBytes })).toString('utf8');
        return decodePlayerSave(JSON.parse(text));
      } catch (error) {
        options.log.log('warn', 'last_good_unreadable', { uuid, error: (error as Error).message });
        return null;
      }
    },
    save(players) {
      if (stopped) return;
      waiting = players;
      pump();
    },
    async idle() {
      while (running !== null) await running;
    },
    stop() {
      stopped = true;
      waiting = null;
    },
  };
}
