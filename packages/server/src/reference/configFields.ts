import { findLanguage } from '../i18n/languages.js';
import { translations } from '../i18n/translations.js';
import { findStat } from '@blockstats/core';
import * as v from 'valibot';
import { ipMatcher } from '../http/ipMatcher.js';
import { parseAddress } from '../live/parseAddress.js';
import { parseDuration } from './parseDuration.js';
import { parseSize } from './parseSize.js';

// The checks the configuration file's fields share: each one's error names what the value must be and what it got.

/**
 * A strict object: an unknown key is an error that names the key and lists the known ones
 * (a typo such as `rate_limt` must not be silently ignored).
 */
export function strict<const E extends v.ObjectEntries>(entries: E) {
  const known = Object.keys(entries).join(', ');
  return v.pipe(
    // valibot takes an array for an object; a list where a section goes is a mistake to name.
    v.custom<Record<string, unknown>>((input) => !Array.isArray(input), (issue) => `must be an object, got ${describe(issue.input)}`),
    v.strictObject(entries, (issue) =>
      issue.expected === 'never' ? `unknown key (known keys here: ${known})` : `must be an object, got ${describe(issue.input)}`,
    ),
  );
}

export function describe(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  if (typeof input === 'string') return JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input);
  if (typeof input === 'object') return 'an object';
  return String(input);
}

export const text = (what = 'a non-empty string') =>
  v.pipe(
    v.string((issue) => `must be ${what}, got ${describe(issue.input)}`),
    v.trim(),
    v.minLength(1, `must be ${what}, got an empty string`),
  );

export const number = (min: number, what = `a number ≥ ${min}`) =>
  v.pipe(
    v.number((issue) => `must be ${what}, got ${describe(issue.input)}`),
    v.finite(`must be ${what}`),
    v.minValue(min, (issue) => `must be ${what}, got ${describe(issue.input)}`),
  );

export const integer = (min: number, max: number) =>
  v.pipe(
    v.number((issue) => `must be a whole number from ${min} to ${max}, got ${describe(issue.input)}`),
    v.integer((issue) => `must be a whole number from ${min} to ${max}, got ${describe(issue.input)}`),
    v.minValue(min, (issue) => `must be a whole number from ${min} to ${max}, got ${describe(issue.input)}`),
    v.maxValue(max, (issue) => `must be a whole number from ${min} to ${max}, got ${describe(issue.input)}`),
  );

export const boolean = () => v.boolean((issue) => `must be true or false, got ${describe(issue.input)}`);

/** An environment variable's name. */
export const envName = () => v.pipe(text('an environment variable name'), v.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, (issue) => `must be an environment variable name, got ${describe(issue.input)}`));

/** A host key fingerprint as OpenSSH prints it: `SHA256:` and 43 base64 characters. */
export const fingerprint = () => v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^(?:SHA256:)?[A-Za-z0-9+/]{43}=?$/, (issue) => `must be a SHA256 fingerprint such as "SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8" (ssh-keygen -lf), got ${describe(issue.input)}`),
);

/** A duration string (`30s`, `15m`, `6h`, `1d`, `500ms`) at least `minMs` long, as milliseconds. */
export const duration = (minMs: number, minText: string) =>
  v.pipe(
    v.string((issue) => `must be a duration such as "30s", "15m" or "6h", got ${describe(issue.input)}`),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const ms = parseDuration(dataset.value);
      if (ms === null) {
        addIssue({ message: `must be a duration such as "30s", "15m" or "6h", got ${describe(dataset.value)}` });
        return NEVER;
      }
      if (ms < minMs) {
        addIssue({ message: `must be at least ${minText}, got ${describe(dataset.value)}` });
        return NEVER;
      }
      return ms;
    }),
  );

/** A size: bytes as a whole number, or a string such as `16MiB`, `512KiB`, `1GB`; at least `min` bytes. */
export const size = (min: number, minText: string) =>
  v.pipe(
    v.union([v.string(), v.number()], (issue) => `must be a size such as "16MiB" or a number of bytes, got ${describe(issue.input)}`),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const value = dataset.value;
      const bytes = typeof value === 'number' ? (Number.isSafeInteger(value) ? value : null) : parseSize(value);
      if (bytes === null) {
        addIssue({ message: `must be a size such as "16MiB", "512KiB" or a whole number of bytes, got ${describe(value)}` });
        return NEVER;
      }
      if (bytes < min) {
        addIssue({ message: `must be at least ${minText}, got ${describe(value)}` });
        return NEVER;
      }
      return bytes;
    }),
  );

/** `HOST[:PORT]`, checked with the same parser the status pinger uses. */
export const address = (defaultPort: number) =>
  v.nullable(
    v.pipe(
      text('an address such as "play.example.net" or "play.example.net:25565"'),
      v.check((value) => {
        try {
          parseAddress(value, defaultPort);
          return true;
        } catch {
          return false;
        }
      }, (issue) => `must be HOST[:PORT] (e.g. "play.example.net:25565"), got ${describe(issue.input)}`),
    ),
  );

export const url = () =>
  v.pipe(
    text('an absolute http(s) URL'),
    v.check((value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), (issue) => `must be an absolute http(s) URL, got ${describe(issue.input)}`),
    v.transform((value) => value.replace(/\/+$/, '')),
  );

export const statId = () =>
  v.pipe(
    text('a stat id'),
    v.check((value) => findStat(value) !== undefined, (issue) => `${describe(issue.input)} is not a tracked stat id (see \`blockstats stats\`)`),
  );

export const timeZone = () =>
  v.pipe(
    text('an IANA time zone such as "Europe/Berlin"'),
    v.check((value) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: value });
        return true;
      } catch {
        return false;
      }
    }, (issue) => `must be an IANA time zone such as "Europe/Berlin" or "UTC", got ${describe(issue.input)}`),
  );

export const locale = () =>
  v.pipe(
    text('a language tag such as "en-GB" or "de"'),
    v.check((value) => {
      try {
        return Intl.getCanonicalLocales(value).length === 1;
      } catch {
        return false;
      }
    }, (issue) => `must be a BCP 47 language tag such as "en-GB" or "de", got ${describe(issue.input)}`),
  );

export const languageList = () =>
  v.pipe(
    v.array(text('a language tag'), (issue) => `must be a list of language tags (${[...translations.keys()].join(', ')}), got ${describe(issue.input)}`),
    v.minLength(1, 'must offer at least one language'),
    v.check((tags) => tags.every((tag) => findLanguage(tag) !== undefined && translations.has(findLanguage(tag)!.tag)), (issue) => `must list tags of the shipped languages (${[...translations.keys()].join(', ')}), got ${describe(issue.input)}`),
  );

export const proxyList = () =>
  v.pipe(
    v.array(text('an IP address or CIDR range'), (issue) => `must be a list of IP addresses or CIDR ranges, got ${describe(issue.input)}`),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      for (const entry of dataset.value) {
        try {
          ipMatcher([entry]);
        } catch {
          addIssue({ message: `entry ${describe(entry)} is not an IP address or CIDR range` });
        }
      }
    }),
  );

/**
 * Players to hide: dashed or bare UUIDs, or names as the save knows them (a Java name, or a
 * Floodgate name with its prefix, which may hold spaces). Control characters are never a name.
 */
export const playerList = () =>
  v.array(
    v.pipe(
      text('a player UUID or name'),
      v.maxLength(64, (issue) => `must be a player UUID or name (at most 64 characters), got ${describe(issue.input)}`),
      v.regex(/^[^\u0000-\u001f\u007f]+$/, (issue) => `must be a player UUID or name, got ${describe(issue.input)}`),
    ),
    (issue) => `must be a list of player UUIDs or names, got ${describe(issue.input)}`,
  );

export const slugList = () =>
  v.array(
    v.pipe(text('a Modrinth slug or project id'), v.regex(/^[\w.-]{1,64}$/, (issue) => `must be a Modrinth slug or project id, got ${describe(issue.input)}`)),
    (issue) => `must be a list of Modrinth slugs, got ${describe(issue.input)}`,
  );
