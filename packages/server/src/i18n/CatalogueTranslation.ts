/**
 * The game's names in one language: what the API translates when asked (`lang`,
 * `Accept-Language`) and what the pages show. English is the catalogue itself (`@blockstats/core`).
 */
export interface CatalogueTranslation {
  /** Every tracked statistic by id: its title and description. */
  readonly stats: Readonly<Record<string, readonly [title: string, description: string]>>;
  /**
   * Every vanilla advancement by id without the `minecraft:` namespace (`story/mine_stone`): its
   * title and description as the game names them in this language.
   */
  readonly advancements: Readonly<Record<string, readonly [title: string, description: string]>>;
  /** Hearts of damage, by plural form of the locale: `{count}` is the formatted number. */
  readonly hearts: Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>;
  /** A weekly event's title: `{week}` and `{stat}` (the statistic's title). */
  readonly eventTitle: string;
  /** A gain per hour played on a period board (`per=hour`): `{value}` is the rate with its unit (`{value} per hour`). */
  readonly perHour: string;
}
