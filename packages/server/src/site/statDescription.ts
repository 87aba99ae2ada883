/**
 * A statistic's description as a page shows it: the catalogue's text without the game's
 * internal ids, which the API keeps for developers (`(minecraft:mined)`, a sentence naming
 * `minecraft:play_one_minute`).
 *
 * @example
 * statDescription('Every block the player broke, all kinds summed (minecraft:mined).'); // 'Every block the player broke, all kinds summed.'
 */
export function statDescription(description: string): string {
  let shown = shownDescriptions.get(description);
  if (shown === undefined) {
    // The catalogue's descriptions in each language: a bounded set, cleared should data packs grow it.
    if (shownDescriptions.size >= 4096) shownDescriptions.clear();
    shownDescriptions.set(description, (shown = withoutIds(description)));
  }
  return shown;
}

/** Descriptions as shown, by description: the stats page shows 217 of them on each render. */
const shownDescriptions = new Map<string, string>();

/** The description without the game's ids. */
function withoutIds(description: string): string {
  return description
    .replace(/\s*\((?:[^()]*\s)?minecraft:[\w./:-]+\)/g, '')
    .split(/(?<=\.)\s+/)
    .filter((sentence) => !/\bminecraft:[\w./-]/.test(sentence))
    .join(' ')
    .trim();
}
