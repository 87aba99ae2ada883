/**
 * A readable title for an advancement the game does not define (a datapack's): the last path
 * segment, words capitalised. `incendium:technical/on_kill` → `On Kill`.
 *
 * @example
 * advancementTitle('incendium:technical/on_kill'); // 'On Kill'
 */
export function advancementTitle(id: string): string {
  const path = id.slice(id.indexOf(':') + 1);
  const last = path.slice(path.lastIndexOf('/') + 1) || path || id;
  return last
    .split(/[_\-\s]+/)
    .filter((word) => word.length > 0)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}
