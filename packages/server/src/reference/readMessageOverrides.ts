import { readFileSync } from 'node:fs';
import { findLanguage } from '../i18n/languages.js';
import { translations } from '../i18n/translations.js';
import { en, type Message } from '../site/messages.js';
import type { MessageOverrides } from '../site/SiteOptions.js';
import { ConfigError, type ConfigIssue } from './ConfigError.js';

const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= 2000;

/** A message as the table holds it: a text, or plural forms (`one`, `other`, optional `zero`…). */
function isMessage(value: unknown): value is Message {
  if (isText(value)) return true;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const forms = Object.entries(value);
  return forms.some(([form]) => form === 'other') && forms.every(([form, text]) => ['zero', 'one', 'two', 'few', 'many', 'other'].includes(form) && isText(text));
}

/**
 * The site's own messages of a server (`site.messages_file`): a JSON object of language tags
 * (`de`, `pt-BR`), each an object of message keys (the keys of the English table, see the server
 * README) to a text or plural forms. They add to or replace the shipped messages of that language.
 * Throws a {@link ConfigError} naming the file and every bad tag, key or message.
 *
 * @example
 * readMessageOverrides('/etc/blockstats/messages.json'); // { de: { 'nav.home': 'Lobby' } }
 */
export function readMessageOverrides(file: string): Record<string, MessageOverrides> {
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(file, [{ key: '(root)', message: (error as NodeJS.ErrnoException).code ? `cannot be read: ${(error as Error).message}` : `not valid JSON: ${(error as Error).message}` }]);
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new ConfigError(file, [{ key: '(root)', message: 'must hold a JSON object of language tags' }]);
  const issues: ConfigIssue[] = [];
  const out: Record<string, MessageOverrides> = {};
  for (const [tag, messages] of Object.entries(input)) {
    const language = findLanguage(tag);
    if (!language || !translations.has(language.tag)) {
      issues.push({ key: tag, message: `unknown language: the shipped ones are ${[...translations.keys()].join(', ')}` });
      continue;
    }
    if (messages === null || typeof messages !== 'object' || Array.isArray(messages)) {
      issues.push({ key: tag, message: 'must be an object of message keys' });
      continue;
    }
    const table: Record<string, Message> = {};
    for (const [key, message] of Object.entries(messages)) {
      if (!Object.hasOwn(en, key)) issues.push({ key: `${tag}.${key}`, message: 'unknown message key (the keys of the English table are listed in the server README)' });
      else if (!isMessage(message)) issues.push({ key: `${tag}.${key}`, message: 'must be a text or plural forms such as { "one": "…", "other": "…" }' });
      else table[key] = message;
    }
    out[language.tag] = table;
  }
  if (issues.length > 0) throw new ConfigError(file, issues);
  return out;
}
