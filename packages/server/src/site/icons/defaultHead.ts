import { defaultSkin } from './defaultSkin.js';
import { DEFAULT_HEADS } from './iconSprite.generated.js';

/**
 * The pixels of the head the game gives this UUID by default (8×8 `rrggbb`, as the player card
 * takes them): the same head the site shows.
 *
 * @example
 * defaultHead('61699b2e-d327-4a01-9f1e-0ea8c3f06bc6'); // Steve's head, '3324113324…'
 */
export function defaultHead(uuid: string): string {
  return DEFAULT_HEADS[defaultSkin(uuid).name]!;
}
