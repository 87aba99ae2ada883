/**
 * The icon URL of an item id from a template with `{namespace}`, `{item}` and `{item_title}`
 * (`minecraft:stone_pickaxe` → `minecraft`, `stone_pickaxe`, `Stone_Pickaxe`). Null template or
 * item gives null.
 *
 * @example
 * iconUrl('https://minecraft.wiki/images/Invicon_{item_title}.png', 'minecraft:stone_pickaxe');
 * // 'https://minecraft.wiki/images/Invicon_Stone_Pickaxe.png'
 */
export function iconUrl(template: string | null, item: string | null): string | null {
  if (template === null || item === null || item === '') return null;
  const colon = item.indexOf(':');
  const namespace = colon === -1 ? 'minecraft' : item.slice(0, colon);
  const path = colon === -1 ? item : item.slice(colon + 1);
  const title = path
    .split('_')
    .map((word) => (word.length > 0 ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join('_');
  return template
    .replaceAll('{namespace}', encodeURIComponent(namespace))
    .replaceAll('{item}', encodeURIComponent(path))
    .replaceAll('{item_title}', encodeURIComponent(title));
}
