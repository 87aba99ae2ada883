import { isolateText } from '@blockstats/svg';
import { en, type Message, type MessageKey, type Messages } from './messages.js';

/** Values a message interpolates: `{name}` placeholders; `count` also picks the plural form. */
export type MessageVars = Readonly<Record<string, string | number>>;

/** Looks a message up and fills it in. */
export type Translate = (key: MessageKey, vars?: MessageVars) => string;

/**
 * The raw forms of a message, placeholders unfilled, for the script to fill in the browser
 * (`{ other }` alone for a message without plural forms).
 */
export function messageForms(messages: Messages, key: MessageKey): Exclude<Message, string> {
  const message: Message | undefined = messages[key] ?? en[key];
  if (message === undefined) return { other: key };
  return typeof message === 'string' ? { other: message } : message;
}

/** Longest value a message interpolates, in characters (a 10,000-character name is cut). */
const MAX_VALUE_LENGTH = 100;

/** Plural rules by locale: built once per locale, not for every page's `t()`. */
const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The site's `t()`: a message of the table with its `{placeholders}` filled, numbers in the
 * locale's format, and the plural form chosen by the locale's rules from `count`. A key a
 * translation lacks falls back to English.
 *
 * @example
 * const t = translator(en, 'en-GB', (n) => n.toLocaleString('en-GB'));
 * t('players.count', { count: 1234 }); // '1,234 players'
 */
export function translator(messages: Messages, locale: string, formatNumber: (n: number) => string): Translate {
  let plural = pluralRules.get(locale);
  if (!plural) pluralRules.set(locale, (plural = new Intl.PluralRules(locale)));
  return (key, vars) => {
    const message: Message | undefined = messages[key] ?? en[key];
    if (message === undefined) return key;
    let text: string;
    if (typeof message === 'string') {
      text = message;
    } else {
      const count = Number(vars?.count ?? 0);
      const form = count === 0 && message.zero !== undefined ? 'zero' : plural.select(count);
      text = (form === 'zero' || form === 'one' || form === 'two' || form === 'few' || form === 'many' ? message[form] : undefined) ?? message.other;
    }
    if (!vars) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = vars[name];
      if (value === undefined) return whole;
      // A value (a player's name, an advancement title from a data pack) is embedded in the
      // sentence: cleaned, capped and isolated so its direction cannot reorder the words around it.
      return typeof value === 'number' ? formatNumber(value) : isolateText(value, MAX_VALUE_LENGTH);
    });
  };
}
