import { DEFAULT_READ_LIMITS, type ReadLimits } from '@blockstats/core';
import type { ReferenceConfigFile } from './configSchema.js';

/** The configuration's `limits`, resolved (see `configSchema`). */
export interface PullLimits {
  /** Bounds on reading the save (`readSave`'s `limits`). */
  read: ReadLimits;
  /** Largest file of the data directory read (record months, snapshot.json, last-good files). */
  dataFileBytes: number;
  /** Time a whole pull may take before it is abandoned. */
  pullTimeoutMs: number;
  /** Share of the last good pull's players whose loss at once rejects a pull… */
  lostShare: number;
  /** …when at least this many are lost. */
  lostMin: number;
}

/** Defaults of the `limits` keys that are not `readSave`'s. */
export const DEFAULT_PULL_LIMITS = Object.freeze({
  dataFileBytes: 1024 ** 3,
  // A first pull of 50,000 players takes under a minute; ten leaves room for a slow disk.
  pullTimeoutMs: 10 * 60_000,
  lostShare: 0.2,
  lostMin: 5,
});

/** The configuration's `limits` with every default filled in. */
export function pullLimits(config: Pick<ReferenceConfigFile, 'limits'>): PullLimits {
  const limits = config.limits ?? {};
  return {
    read: {
      playerFileBytes: limits.player_file_size ?? DEFAULT_READ_LIMITS.playerFileBytes,
      playerDataInflatedBytes: limits.player_data_inflated_size ?? DEFAULT_READ_LIMITS.playerDataInflatedBytes,
      rootFileBytes: limits.root_file_size ?? DEFAULT_READ_LIMITS.rootFileBytes,
      modJarBytes: limits.mod_jar_size ?? DEFAULT_READ_LIMITS.modJarBytes,
      fileParseMs: limits.file_parse_timeout ?? DEFAULT_READ_LIMITS.fileParseMs,
    },
    dataFileBytes: limits.data_file_size ?? DEFAULT_PULL_LIMITS.dataFileBytes,
    pullTimeoutMs: limits.pull_timeout ?? DEFAULT_PULL_LIMITS.pullTimeoutMs,
    lostShare: limits.lost_players_share ?? DEFAULT_PULL_LIMITS.lostShare,
    lostMin: limits.lost_players_min ?? DEFAULT_PULL_LIMITS.lostMin,
  };
}
