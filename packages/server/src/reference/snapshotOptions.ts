import { createHash } from 'node:crypto';
import { playerRuleDefaults, type BuildSnapshotOptions, type PlayerRules } from '@blockstats/core';
import type { SkinCache } from '../live/createSkinCache.js';
import type { ReferenceConfigFile } from './configSchema.js';
import type { ReferenceServerConfig } from './types.js';

/** The core's `buildSnapshot` options for a pull started at `now`, from the configuration. */
export function snapshotOptions(config: ReferenceConfigFile, now: number, skins: SkinCache | null): BuildSnapshotOptions {
  return {
    now,
    ...(config.ranking?.min_playtime_minutes !== undefined ? { minPlaytimeMinutes: config.ranking.min_playtime_minutes } : {}),
    ...(config.ranking?.inactive_days !== undefined ? { inactiveDays: config.ranking.inactive_days } : {}),
    ...(config.ranking?.crown_weights ? { crownWeights: config.ranking.crown_weights } : {}),
    ...(config.feed_size !== undefined ? { feedSize: config.feed_size } : {}),
    ...(config.profile_url_template ? { profileUrlTemplate: config.profile_url_template } : {}),
    ...(config.icon_url_template !== undefined ? { iconUrlTemplate: config.icon_url_template } : {}),
    ...(config.time_zone ? { timeZone: config.time_zone } : {}),
    ...(skins ? { skins: (uuid: string) => skins.skinHash(uuid) } : {}),
    players: playerRules(config),
    server: {
      ...(config.name ? { name: config.name } : {}),
      ...(config.short_name ? { short_name: config.short_name } : {}),
      addresses: { java: config.addresses?.java ?? null, bedrock: config.addresses?.bedrock ?? null },
    },
  };
}

/** The configuration's `players` section as the core's rules (its defaults where a key is absent). */
export function playerRules(config: Pick<ReferenceServerConfig, 'players'>): PlayerRules {
  return {
    ...(config.players?.exclude_banned !== undefined ? { excludeBanned: config.players.exclude_banned } : {}),
    ...(config.players?.exclude_ops !== undefined ? { excludeOps: config.players.exclude_ops } : {}),
    ...(config.players?.hide ? { hide: config.players.hide } : {}),
  };
}

/** A fingerprint of the hiding rules, stored with the persisted snapshot (see `readSnapshotFile`). */
export function playerRulesKey(config: Pick<ReferenceServerConfig, 'players'>): string {
  const { excludeBanned, excludeOps, hide } = { ...playerRuleDefaults, ...playerRules(config) };
  return createHash('sha256').update(JSON.stringify([excludeBanned, excludeOps, hide])).digest('hex').slice(0, 32);
}
