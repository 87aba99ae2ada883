import type { LiveEdition, PlayerTextures } from './types.js';

/*
 * Why these services:
 * - `textures.minecraft.net/texture/<hash>` is where the game itself downloads skins. GeyserMC's
 *   skin service uploads Bedrock skins there too, so its `texture_id` is the same kind of hash.
 * - mc-heads.net renders heads and bodies from a Java UUID *or* a texture hash, so it covers a
 *   Bedrock player whose hash is known; a Bedrock UUID (`00000000-0000-0000-0009-…`) resolves
 *   nowhere, so without a hash a Bedrock player gets the generic Steve head (`MHF_Steve`).
 * - A Java player without a known hash still gets working URLs keyed by UUID.
 */
const TEXTURES = 'https://textures.minecraft.net/texture/';
const HEADS = 'https://mc-heads.net';
const STEVE = 'MHF_Steve';

const HASH = /^[0-9a-f]{16,128}$/i;

/**
 * Texture URLs for a player (SPEC Player.textures). Every URL works with a null hash; `head`
 * always works, for both editions.
 *
 * @example
 * textureUrls('8667ba71-b85a-4004-af54-457a9734eed7', 'java', null).head
 * // 'https://mc-heads.net/avatar/8667ba71b85a4004af54457a9734eed7'
 */
export function textureUrls(uuid: string, edition: LiveEdition, hash: string | null): PlayerTextures {
  const texture = hash !== null && HASH.test(hash) ? hash.toLowerCase() : null;
  if (texture !== null) {
    return {
      skin: `${TEXTURES}${texture}`,
      head: `${HEADS}/avatar/${texture}`,
      body: `${HEADS}/body/${texture}`,
    };
  }
  if (edition === 'java') {
    const id = uuid.replaceAll('-', '').toLowerCase();
    return {
      skin: `${HEADS}/skin/${id}`,
      head: `${HEADS}/avatar/${id}`,
      body: `${HEADS}/body/${id}`,
    };
  }
  return { skin: null, head: `${HEADS}/avatar/${STEVE}`, body: `${HEADS}/body/${STEVE}` };
}
