import type { PlayerCardLabels } from '@blockstats/svg';
import { translateData } from '../i18n/translateData.js';
import { translations } from '../i18n/translations.js';
import { en, type MessageKey } from './messages.js';

/** Periods the cards name in words (the boards' switch); any other is drawn as its dates. */
const NAMED_PERIODS: Readonly<Record<string, MessageKey>> = {
  week: 'period.week',
  month: 'period.month',
  year: 'period.year',
  last_week: 'period.lastWeek',
  last_month: 'period.lastMonth',
};

/** The board cards' own words. */
export interface BoardCardWords {
  allTime: string;
  crownScore: string;
  hallOfFame: string;
  running: string;
  /** The empty board's line: all time, over a period, the hall of fame, an event. */
  noStat: string;
  noGain: string;
  noMedals: string;
  noEntrant: string;
}

/** What a card speaks: its words, the game's names and values, numbers. */
export interface CardLanguage {
  /** The locale of numbers and dates, or undefined for English (the cards' own formats). */
  readonly locale: string | undefined;
  /** The board cards' words. */
  board: BoardCardWords;
  /** An answer's data with its statistic names, event titles and value displays in the language. */
  data<T>(data: T): T;
  /** A whole number in the language. */
  count(n: number): string;
  /** How a board card names a period: its name and dates (`This week (2026-11-16 – 2026-11-22)`), or its dates. */
  period(name: string, from: string, to: string): string;
  /** The player card's words. */
  playerLabels(): PlayerCardLabels;
}

/**
 * The language a card is drawn in (issue 39): a shipped language's messages (their `card.*`
 * section and a few the pages share) and catalogue; English, or a tag not shipped, is English.
 *
 * @example
 * cardLanguage('de').board.allTime; // 'gesamt'
 */
export function cardLanguage(tag: string): CardLanguage {
  const translation = translations.get(tag);
  const messages = translation?.messages ?? en;
  const english = !translation || tag === 'en';
  const locale = english ? undefined : translation?.language.locale;
  const numbers = new Intl.NumberFormat(locale ?? 'en-US', { maximumFractionDigits: 0 });
  const text = (key: MessageKey, vars: Readonly<Record<string, string>> = {}): string => {
    const message = messages[key] ?? en[key];
    const raw = typeof message === 'string' ? message : message.other;
    return raw.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
  };
  const catalogue = translation?.catalogue;
  return {
    locale,
    board: {
      allTime: text('card.allTime'),
      crownScore: text('card.crownScore'),
      hallOfFame: text('nav.hallOfFame'),
      running: text('card.running'),
      noStat: text('card.noStat'),
      noGain: text('card.noGain'),
      noMedals: text('card.noMedals'),
      noEntrant: text('card.noEntrant'),
    },
    data: (data) => (catalogue && locale ? translateData(data, { locale, catalogue }) : data),
    count: (n) => numbers.format(n),
    period: (name, from, to) => {
      const dates = from === to ? from : `${from} \u2013 ${to}`;
      return Object.hasOwn(NAMED_PERIODS, name) ? `${text(NAMED_PERIODS[name]!)} (${dates})` : dates;
    },
    playerLabels: () => ({
      playerOn: text('card.playerOn'),
      player: text('card.player'),
      playTime: text('profile.playTime'),
      advancements: text('profile.advancements'),
      advancementsOf: text('card.advancementsOf'),
      hallOfFame: text('nav.hallOfFame'),
      hallOfFameRank: text('card.hallOfFameRank'),
      none: text('card.none'),
      medals: text('profile.medals'),
      gold: text('card.gold'),
      silver: text('card.silver'),
      bronze: text('card.bronze'),
      memberSince: text('card.memberSince'),
      memberSinceEstimated: text('card.memberSinceEstimated'),
    }),
  };
}
