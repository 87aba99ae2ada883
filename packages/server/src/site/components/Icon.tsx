/**
 * One icon of the sprite (`icons.png`), decorative: the text beside it names the thing. Its size
 * is the font size (`class` may add one), so a list row and a page heading share the same icon.
 */
export function Icon({ name, class: extra }: { name: string; class?: string }) {
  return <span class={`ic i-${name}${extra ? ` ${extra}` : ''}`} aria-hidden="true" />;
}
