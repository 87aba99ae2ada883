import type { PlayerFilePart } from './build-player-save.js';
import type { PlayerSave } from './types.js';

/**
 * What a player was built from at the last read through a cache (each of its three files' name,
 * modification time and summary, and its usercache and whitelist names), and the result. One
 * object a player, the parts as fields: three part objects and two small arrays took ~140 bytes
 * more a player (7 MB at 50,000 players).
 */
export class PlayerMemo {
  readonly statsFile: string | null;
  readonly statsMtimeMs: number | null;
  readonly statsSummary: unknown;
  readonly advancementsFile: string | null;
  readonly advancementsMtimeMs: number | null;
  readonly advancementsSummary: unknown;
  readonly playerdataFile: string | null;
  readonly playerdataMtimeMs: number | null;
  readonly playerdataSummary: unknown;
  /** The usercache name for the uuid. */
  readonly cachedName: string | undefined;
  /** The whitelist name for the uuid. */
  readonly listedName: string | undefined;
  readonly player: PlayerSave;
  /** The read that last saw this player (memos of players not seen by a read are dropped). */
  seen: number;

  constructor(
    parts: { stats: PlayerFilePart<unknown>; advancements: PlayerFilePart<unknown>; playerdata: PlayerFilePart<unknown> },
    cachedName: string | undefined,
    listedName: string | undefined,
    player: PlayerSave,
    seen: number,
  ) {
    this.statsFile = parts.stats.file;
    this.statsMtimeMs = parts.stats.mtimeMs;
    this.statsSummary = parts.stats.summary;
    this.advancementsFile = parts.advancements.file;
    this.advancementsMtimeMs = parts.advancements.mtimeMs;
    this.advancementsSummary = parts.advancements.summary;
    this.playerdataFile = parts.playerdata.file;
    this.playerdataMtimeMs = parts.playerdata.mtimeMs;
    this.playerdataSummary = parts.playerdata.summary;
    this.cachedName = cachedName;
    this.listedName = listedName;
    this.player = player;
    this.seen = seen;
  }
}
