import type { CrownWeights, TextureTemplates } from './types.js';

/**
 * Defaults of `BuildSnapshotOptions` (DECISIONS 9, 11, 12, 14, 24), for configuration loaders
 * and documentation.
 *
 * @example
 * snapshotDefaults.minPlaytimeMinutes; // 60
 * snapshotDefaults.crownWeights; // { gold: 4, silver: 2, bronze: 1 }
 */
export const snapshotDefaults = Object.freeze({
  minPlaytimeMinutes: 60,
  inactiveDays: 30,
  crownWeights: Object.freeze({ gold: 4, silver: 2, bronze: 1 }) as Readonly<CrownWeights>,
  feedSize: 200,
  profileUrlTemplate: '{base_url}/v1/players/{uuid}',
  /*
   * textures.minecraft.net is where the game itself downloads skins (GeyserMC uploads Bedrock
   * skins there too); mc-heads.net renders heads and bodies from a Java UUID or a texture hash.
   * A Bedrock UUID resolves nowhere, so without a hash a Bedrock player gets Steve's head.
   * Same choice as @blockstats/server's live textureUrls.
   */
  textureTemplates: Object.freeze({
    skin: 'https://textures.minecraft.net/texture/{hash}',
    skin_by_uuid: 'https://mc-heads.net/skin/{uuid}',
    head: 'https://mc-heads.net/avatar/{id}',
    body: 'https://mc-heads.net/body/{id}',
    fallback: 'MHF_Steve',
  }) as Readonly<TextureTemplates>,
  /** The wiki names inventory icons after the item's English name, which title-casing the id approximates. */
  iconUrlTemplate: 'https://minecraft.wiki/images/Invicon_{item_title}.png',
  timeZone: 'UTC',
});
