/**
 * A statistic's description as a page shows it: the catalogue's text without the game's
 * internal ids, which the API keeps for developers (`(minecraft:mined)`, a sentence naming
 * `minecraft:play_one_minute`).
 *
 * @example
 * statDescription('Every block the player broke, all kinds summed (minecraft:mined).'); // 'Every block the player broke, all kinds summed.'
 */
export function statDescription(description: string): string {
  return description
    .replace(/\s*\((?:[^()]*\s)?minecraft:[\w./:-]+\)/g, '')
    .split(/(?<=\.)\s+/)
    .filter((sentence) => !/\bminecraft:[\w./-]/.test(sentence))
    .join(' ')
    .trim();
}
