import { iconClass } from '../icons/iconSprite.js';

/**
 * One icon of the sprite (`icons.webp`), decorative: the text beside it names the thing. Its size
 * is the font size (`class` may add one), so a list row and a page heading share the same icon.
 * An empty span drawn by its background has nothing for a screen reader to read, so it carries no
 * `aria-hidden` (a row of a profile repeats it hundreds of times, for the page budget).
 */
export function Icon({ name, class: extra }: { name: string; class?: string }) {
  return <span class={['ic', iconClass(name), extra].filter(Boolean).join(' ')} />;
}
