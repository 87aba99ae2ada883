// Live sources that need Node (sockets, DNS, files): `@blockstats/server/live`. The ones that
// only use fetch (Modrinth client and modpack) are exported by the worker-safe entry point too.
export type * from './types.js';
export { UnavailableError } from './UnavailableError.js';
export { textureUrls } from './textureUrls.js';
export { flattenMotd, stripLegacyCodes } from './flattenMotd.js';
export { parseAddress, type ServerAddress } from './parseAddress.js';
export { pingJava, type JavaPing, type PingJavaOptions } from './pingJava.js';
export { pingBedrock, parsePongText, type PingBedrockOptions } from './pingBedrock.js';
export { createStatusPinger, type StatusPingerOptions } from './createStatusPinger.js';
export { DEFAULT_USER_AGENT, userAgent } from './userAgent.js';
export { createModrinthClient, ModrinthError, MODRINTH_MAX_BODY_BYTES, type ModrinthClient, type ModrinthClientOptions, type ModrinthFailure } from './createModrinthClient.js';
export { MAX_MOTD_LENGTH, MAX_PLAYER_COUNT, MAX_STATUS_FRAME_BYTES } from './statusBounds.js';
export { createModrinthMods, MODS_FILE, type ModrinthMods, type ModrinthModsOptions } from './createModrinthMods.js';
export { createModrinthModpack, type ModrinthModpackOptions } from './createModrinthModpack.js';
export { scanModJars } from './scanModJars.js';
export { createSkinCache, skinHashFromProfile, SKINS_FILE, type SkinCache, type SkinCacheOptions, type SkinRefreshReport } from './createSkinCache.js';
