import type { Edition } from '../save/types.js';
import type { Textures, TextureTemplates } from '../snapshot/types.js';

/**
 * Texture URLs of a player (SPEC Player.textures, DECISIONS 24): by skin hash when known, else
 * by Java UUID, else (a Bedrock player, whose UUID resolves nowhere) the fallback head and body,
 * so `head` always works.
 *
 * @example
 * playerTextures(snapshot.config.texture_templates, '8667ba71-b85a-4004-af54-457a9734eed7', 'java', null).head;
 * // 'https://mc-heads.net/avatar/8667ba71b85a4004af54457a9734eed7'
 */
export function playerTextures(templates: TextureTemplates, uuid: string, edition: Edition, skin: string | null): Textures {
  const bare = uuid.replaceAll('-', '');
  const fill = (template: string, id: string): string =>
    template.replaceAll('{hash}', skin ?? '').replaceAll('{uuid}', bare).replaceAll('{id}', encodeURIComponent(id));
  if (skin !== null) {
    return { skin: fill(templates.skin, skin), head: fill(templates.head, skin), body: fill(templates.body, skin) };
  }
  if (edition === 'java') {
    return {
      skin: templates.skin_by_uuid === null ? null : fill(templates.skin_by_uuid, bare),
      head: fill(templates.head, bare),
      body: fill(templates.body, bare),
    };
  }
  return { skin: null, head: fill(templates.head, templates.fallback), body: fill(templates.body, templates.fallback) };
}
