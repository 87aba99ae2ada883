import type { SaveData } from '@blockstats/core';
import { createModrinthClient } from '../live/createModrinthClient.js';
import { createModrinthModpack } from '../live/createModrinthModpack.js';
import { createModrinthMods, type ModrinthMods } from '../live/createModrinthMods.js';
import { createSkinCache, type SkinCache } from '../live/createSkinCache.js';
import { createStatusPinger } from '../live/createStatusPinger.js';
import type { ModpackSource, StatusSource } from '../live/types.js';
import type { Logger } from './logger.js';
import type { ReferenceServerConfig } from './types.js';

/** The reference server's live capabilities, each undefined/null when the configuration has it off. */
export interface LiveSources {
  status: StatusSource | undefined;
  mods: ModrinthMods | undefined;
  modpack: ModpackSource | undefined;
  skins: SkinCache | null;
}

/** What {@link liveSources} takes besides the configuration. */
export interface LiveSourcesContext {
  dataDir: string;
  clock: () => number;
  log: Logger;
  fetch?: typeof globalThis.fetch | undefined;
  /** The last save read, or null before the first pull (the mods folder's jars come from it). */
  lastSave: () => SaveData | null;
}

/**
 * Builds the live sources the configuration asks for: the server-list ping (status addresses,
 * falling back to the public ones), Modrinth mods and modpack, and the skin cache.
 */
export function liveSources(config: ReferenceServerConfig, context: LiveSourcesContext): LiveSources {
  const { dataDir, clock, log } = context;
  const report = (event: string) => (error: Error) => log.log('warn', event, { error: error.message });
  const javaStatus = config.status?.java !== undefined ? config.status.java : config.addresses?.java ?? null;
  const bedrockStatus = config.status?.bedrock !== undefined ? config.status.bedrock : config.addresses?.bedrock ?? null;
  const status: StatusSource | undefined = javaStatus || bedrockStatus
    ? createStatusPinger({
      java: javaStatus,
      bedrock: bedrockStatus,
      ...(config.status?.timeout !== undefined ? { timeoutMs: config.status.timeout } : {}),
      ...(config.status?.cache !== undefined ? { cacheMs: config.status.cache } : {}),
      ...(config.status?.srv !== undefined ? { srv: config.status.srv } : {}),
      clock,
    })
    : undefined;
  let mods: ModrinthMods | undefined;
  let modpack: ModpackSource | undefined;
  if (config.modrinth?.enabled !== false) {
    const client = createModrinthClient({
      clock,
      ...(config.modrinth?.api_url ? { baseUrl: config.modrinth.api_url } : {}),
      ...(config.modrinth?.user_agent ? { userAgent: config.modrinth.user_agent } : {}),
      ...(context.fetch ? { fetch: context.fetch } : {}),
    });
    mods = createModrinthMods({
      dataDir,
      client,
      clock,
      // Until the first pull has read mods/ the jars are unknown: a refresh then fails (503 for
      // now) instead of saving a list without them for hours; each pull refreshes when they change.
      modsFolderJars: () => {
        const save = context.lastSave();
        if (!save) throw new Error('the mods folder has not been read yet');
        return save.mods;
      },
      ...(config.modrinth?.extra_slugs ? { slugs: config.modrinth.extra_slugs } : {}),
      ...(config.modrinth?.refresh !== undefined ? { refreshMs: config.modrinth.refresh } : {}),
      onError: report('mods_refresh_failed'),
    });
    if (config.modrinth?.modpack) {
      modpack = createModrinthModpack({ project: config.modrinth.modpack, client, clock, onError: report('modpack_read_failed') });
    }
  }
  const skins: SkinCache | null = config.skins?.enabled === false
    ? null
    : createSkinCache({
      dataDir,
      clock,
      ...(context.fetch ? { fetch: context.fetch } : {}),
      ...(config.modrinth?.user_agent ? { userAgent: config.modrinth.user_agent } : {}),
      ...(config.skins?.rate_per_minute !== undefined ? { ratePerMinute: config.skins.rate_per_minute } : {}),
      ...(config.skins?.refresh_days !== undefined ? { refreshDays: config.skins.refresh_days } : {}),
      ...(config.skins?.session_server_url ? { sessionServerUrl: config.skins.session_server_url } : {}),
      ...(config.skins?.geyser_url ? { geyserUrl: config.skins.geyser_url } : {}),
      ...(config.skins?.textures_url ? { texturesUrl: config.skins.textures_url } : {}),
      onError: report('skin_lookup_failed'),
    });
  return { status, mods, modpack, skins };
}
