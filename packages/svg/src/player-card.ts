import { checkOptions } from './check-options.js';
import { el, type Markup } from './el.js';
import { isolateText } from './clean-text.js';
import { fitText } from './fit-text.js';
import { CARD_THEME, cardFrame } from './card-frame.js';
import { formatCount } from './format-count.js';
import { formatDate } from './format-date.js';
import { toFill } from './resolve-color.js';
import { textColorOn } from './text-color-on.js';
import { headPixels } from './head-pixels.js';
import { textWidth } from './text-width.js';

/**
 * What the card shows, as plain data a snapshot fills from a player profile. Strings are display
 * text from the world save or the core library; the card cleans, truncates and escapes them.
 */
export interface PlayerCardData {
  /** Last known in-game name (Floodgate prefix included for Bedrock players). */
  name: string;
  edition: 'java' | 'bedrock';
  /** The server's short name, shown under the player's name. */
  serverName: string;
  /** Play time as display text, e.g. the `display` of the `play_time` value: `"123 h 4 min"`. */
  playTime: string;
  /** Vanilla advancements the player holds (`advancements_earned`). */
  advancementsEarned: number;
  /** Vanilla advancements that exist on the server, for the progress bar. */
  advancementsTotal: number;
  /** `hall_of_fame_rank`; null when the player has no medal. */
  hallOfFameRank: number | null;
  medals: { gold: number; silver: number; bronze: number };
  /** `first_seen` (ISO date or date-time, drawn as `1 May 2024`), or null when unknown. */
  memberSince: string | null;
  /** `first_seen_estimated`: the player pre-dates tracking, so they joined on or before memberSince. */
  memberSinceEstimated: boolean;
  /**
   * The player's head, 8×8 pixels row by row as 64 `rrggbb` colours (384 hex digits), drawn left
   * of the name; omitted or malformed, the card has no head.
   */
  head?: string | null;
}

/**
 * The card's words, English by default: pass another language's to draw the card in it.
 * `{name}`, `{edition}`, `{server}`, `{earned}`, `{total}` and `{date}` are filled in; the column
 * labels are drawn upper-cased in the card's locale.
 */
export interface PlayerCardLabels {
  /** The accessible label's first sentence with a server: `{name}, {edition} player on {server}.` */
  playerOn: string;
  /** …and without one: `{name}, {edition} player.` */
  player: string;
  playTime: string;
  advancements: string;
  /** `{earned} of {total}` (the accessible label's advancements). */
  advancementsOf: string;
  hallOfFame: string;
  /** `Hall of fame rank` (the accessible label, before `#3` or `none`). */
  hallOfFameRank: string;
  none: string;
  medals: string;
  gold: string;
  silver: string;
  bronze: string;
  /** `member since {date}` */
  memberSince: string;
  /** `member since {date} or earlier` (the player pre-dates tracking). */
  memberSinceEstimated: string;
}

/** The English words of the card. */
export const PLAYER_CARD_LABELS: Readonly<PlayerCardLabels> = {
  playerOn: '{name}, {edition} player on {server}.',
  player: '{name}, {edition} player.',
  playTime: 'Play time',
  advancements: 'Advancements',
  advancementsOf: '{earned} of {total}',
  hallOfFame: 'Hall of fame',
  hallOfFameRank: 'Hall of fame rank',
  none: 'none',
  medals: 'Medals',
  gold: 'gold',
  silver: 'silver',
  bronze: 'bronze',
  memberSince: 'member since {date}',
  memberSinceEstimated: 'member since {date} or earlier',
};

/** Options of {@link playerCard}. */
export interface PlayerCardOptions {
  /** The card's words in another language (any left out are English's). */
  labels?: Partial<PlayerCardLabels>;
  /**
   * BCP 47 locale of the card's counts and member-since date (`de-DE`: `1.234`, `1. Mai 2024`);
   * default English (`1,234`, `1 May 2024`).
   */
  locale?: string;
  /**
   * Accent colour: a palette name or hex with or without `#` (what {@link resolveColor} accepts
   * or returns). Default `blue` for Java players, `pink` for Bedrock; anything else also gives
   * the default and is never echoed.
   */
  color?: string;
}

const OPTION_KEYS = ['color', 'labels', 'locale'] as const;

/** `{placeholder}`s of a label filled in. */
const fillIn = (text: string, vars: Readonly<Record<string, string>>): string => text.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);

/** How the card writes counts and dates: English's, or a locale's through Intl. */
function writers(locale: string | undefined): { count: (n: number) => string; date: (iso: string) => string } {
  if (locale === undefined) return { count: formatCount, date: formatDate };
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const dates = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return {
    count: (n) => (typeof n !== 'number' || !Number.isFinite(n) || n < 0 ? '?' : numbers.format(Math.floor(n))),
    date: (iso) => (/^\d{4}-\d{2}-\d{2}(?:$|T)/.test(iso) && !Number.isNaN(Date.parse(iso.slice(0, 10))) ? dates.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)) : iso),
  };
}

const WIDTH = 500;
const HEIGHT = 184;
const MARGIN = 20;

const THEME = CARD_THEME;

/** Medal colours; data, drawn as discs before each count. */
const MEDALS = [
  { key: 'gold', fill: '#e3b341' },
  { key: 'silver', fill: '#c9d1d9' },
  { key: 'bronze', fill: '#d1804b' },
] as const;

const EDITION_LABEL = { java: 'Java', bedrock: 'Bedrock' } as const;

/** The three stat columns: left edge and width. */
const COLUMNS = [
  { x: MARGIN, width: 165 },
  { x: 200, width: 150 },
  { x: 365, width: WIDTH - MARGIN - 365 },
] as const;

/**
 * Largest font size from `size` down to `min` at which `text` fits `maxWidth`; text still too
 * wide at `min` is truncated. Numbers shrink rather than lose digits.
 */
function fitSized(text: string, maxWidth: number, size: number, min: number, bold: boolean) {
  const clean = fitText(text, Number.POSITIVE_INFINITY);
  const natural = textWidth(clean, { size, bold });
  const fitted = natural <= maxWidth ? size : Math.max(min, Math.floor((size * maxWidth) / natural));
  return { text: fitText(clean, maxWidth, { size: fitted, bold }), size: fitted };
}

function statColumn(index: 0 | 1 | 2, label: string, value: string, extra?: Markup): Markup {
  const { x, width } = COLUMNS[index];
  const fitted = fitSized(value, width - 8, 18, 11, true);
  return el(
    'g',
    {},
    el('text', { x, y: 106, 'font-size': 10, 'font-weight': 'bold', fill: THEME.muted }, label),
    el('text', { x, y: 130, 'font-size': fitted.size, 'font-weight': 'bold', fill: THEME.text }, fitted.text),
    extra,
  );
}

function progressBar(earned: number, total: number, accent: string): Markup {
  const { x, width } = COLUMNS[1];
  const barWidth = width - 20;
  const ratio = Number.isFinite(earned) && Number.isFinite(total) && total > 0 ? Math.min(1, Math.max(0, earned / total)) : 0;
  return el(
    'g',
    {},
    el('rect', { x, y: 138, width: barWidth, height: 4, rx: 2, fill: THEME.track }),
    ratio > 0 ? el('rect', { x, y: 138, width: Math.max(4, barWidth * ratio), height: 4, rx: 2, fill: accent }) : null,
  );
}

function medalRow(medals: PlayerCardData['medals'], labels: PlayerCardLabels, count: (n: number) => string, upper: (s: string) => string): Markup {
  const label = fitText(upper(labels.medals), 80, { size: 10, bold: true });
  const parts: Markup[] = [el('text', { x: MARGIN, y: 168, 'font-size': 10, 'font-weight': 'bold', fill: THEME.muted }, label)];
  let x = MARGIN + Math.max(62, Math.ceil(textWidth(label, { size: 10, bold: true })) + 14);
  for (const { key, fill } of MEDALS) {
    const text = `${count(medals?.[key])} ${labels[key]}`;
    parts.push(
      el('circle', { cx: x + 6, cy: 164, r: 6, fill }),
      el('text', { x: x + 17, y: 168, 'font-size': 12, fill: THEME.text }, text),
    );
    x += 17 + textWidth(text, { size: 12 }) + 18;
  }
  return el('g', {}, parts);
}

/**
 * Renders a player's card: name and edition, server and member-since line, play time,
 * advancements with a progress bar, hall-of-fame rank, and medals, with the player's head when
 * `data.head` gives its pixels. Pure vector, no image, no
 * external reference; its own dark background makes it read on light and dark pages alike.
 * Every text from the data is cleaned, truncated to its slot and escaped; the accent follows
 * SPEC.md's colour rule (default blue for Java, pink for Bedrock). Unknown options and an unknown
 * edition throw a `TypeError`.
 *
 * @example
 * const svg = playerCard({
 *   name: 'Steve', edition: 'java', serverName: 'Blockville',
 *   playTime: '123 h 4 min', advancementsEarned: 87, advancementsTotal: 126,
 *   hallOfFameRank: 3, medals: { gold: 2, silver: 5, bronze: 1 },
 *   memberSince: '2024-05-01T16:03:11Z', memberSinceEstimated: false,
 * });
 * // => '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="184" … role="img" aria-label="Steve, Java player on Blockville. …">'
 */
export function playerCard(data: PlayerCardData, options: PlayerCardOptions = {}): string {
  checkOptions('playerCard', options, OPTION_KEYS);
  const labels: PlayerCardLabels = { ...PLAYER_CARD_LABELS, ...options.labels };
  const { count, date } = writers(options.locale);
  const upper = (text: string) => (options.locale === undefined ? text.toUpperCase() : text.toLocaleUpperCase(options.locale));
  if (typeof data !== 'object' || data === null) throw new TypeError('playerCard: data must be an object');
  if (data.edition !== 'java' && data.edition !== 'bedrock') {
    throw new TypeError(`playerCard: edition must be "java" or "bedrock", got ${JSON.stringify(data.edition)}`);
  }
  const accent = toFill(options.color, data.edition === 'bedrock' ? 'pink' : 'blue');
  const edition = EDITION_LABEL[data.edition];

  // Header: the head on the left, the edition pill on the right, the name in the space between.
  const head = headPixels(data.head, MARGIN, 22, 48);
  const textX = head ? MARGIN + 60 : MARGIN;
  const pillWidth = Math.ceil(textWidth(edition, { size: 11, bold: true })) + 20;
  const pillX = WIDTH - MARGIN - pillWidth;
  const name = fitSized(String(data.name ?? ''), pillX - textX - 12, 22, 14, true);

  // Sub-line: "<server> · member since 1 May 2024"; the server name gives way first.
  const since =
    typeof data.memberSince === 'string' && data.memberSince !== ''
      ? fillIn(data.memberSinceEstimated ? labels.memberSinceEstimated : labels.memberSince, { date: fitText(date(data.memberSince), 200, { size: 12 }) })
      : '';
  const sinceText = since === '' ? '' : ` \u00B7 ${since}`;
  const server = fitText(String(data.serverName ?? ''), WIDTH - MARGIN - textX - textWidth(sinceText, { size: 12 }), { size: 12 });

  const earned = count(data.advancementsEarned);
  const total = count(data.advancementsTotal);
  const rank = typeof data.hallOfFameRank === 'number' && data.hallOfFameRank >= 1 ? `#${count(data.hallOfFameRank)}` : '\u2014';
  const playTime = fitText(String(data.playTime ?? ''), 200) || '?';
  const medals = data.medals ?? { gold: 0, silver: 0, bronze: 0 };

  const who = { name: isolateText(fitText(String(data.name ?? ''), 400)), edition, server: server ? isolateText(fitText(String(data.serverName), 400)) : '' };
  const accessible = [
    fillIn(server ? labels.playerOn : labels.player, who),
    `${labels.playTime} ${playTime}.`,
    `${labels.advancements} ${fillIn(labels.advancementsOf, { earned, total })}.`,
    `${labels.hallOfFameRank} ${rank === '\u2014' ? labels.none : rank}.`,
    `${labels.medals}: ${count(medals.gold)} ${labels.gold}, ${count(medals.silver)} ${labels.silver}, ${count(medals.bronze)} ${labels.bronze}.`,
    since === '' ? '' : `${upper(since.slice(0, 1))}${since.slice(1)}.`,
  ].filter(Boolean).join(' ');

  return cardFrame(
    { width: WIDTH, height: HEIGHT, radius: 8, bar: 4, accent, clipId: 'card', label: accessible },
    head,
    el('text', { x: textX, y: 44, 'font-size': name.size, 'font-weight': 'bold', fill: THEME.text }, name.text),
    el('rect', { x: pillX, y: 27, width: pillWidth, height: 22, rx: 11, fill: accent }),
    el(
      'text',
      { x: pillX + pillWidth / 2, y: 42, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 'bold', fill: textColorOn(accent).text },
      edition,
    ),
    el('text', { x: textX, y: 66, 'font-size': 12, fill: THEME.muted }, `${server}${server === '' ? since : sinceText}`),
    el('rect', { x: MARGIN, y: 82, width: WIDTH - 2 * MARGIN, height: 1, fill: THEME.border }),
    statColumn(0, upper(labels.playTime), playTime),
    statColumn(1, upper(labels.advancements), `${earned} / ${total}`, progressBar(data.advancementsEarned, data.advancementsTotal, accent)),
    statColumn(2, upper(labels.hallOfFame), rank),
    medalRow(medals, labels, count, upper),
  );
}
