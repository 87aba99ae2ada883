import { parseGameTime } from './parse-game-time.js';
import { parseUuid } from './parse-uuid.js';

/** One `{uuid, name}` entry of `usercache.json` or `whitelist.json`. */
export interface ProfileEntry {
  /** Dashed lowercase. */
  uuid: string;
  name: string;
  /** usercache's `expiresOn` (epoch ms), or null. */
  expiresOn: number | null;
}

/** The entries read, and what was wrong with the file, if anything. */
export interface ProfileList {
  entries: ProfileEntry[];
  /** Why the file was only partly usable, or null when it was fine. */
  problem: string | null;
}

// A profile entry is a flat object: no nested braces. Scanning for them recovers what is left of
// a file broken around them (git merge-conflict markers, truncation, a stray comma).
const FLAT_OBJECT = /\{[^{}]*\}/g;

function toEntry(value: unknown): ProfileEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const { uuid, name, expiresOn } = value as Record<string, unknown>;
  const id = typeof uuid === 'string' ? parseUuid(uuid) : null;
  if (id === null || typeof name !== 'string' || name === '') return null;
  return { uuid: id, name, expiresOn: parseGameTime(expiresOn) };
}

function salvage<T>(text: string, toEntry: (value: unknown) => T | null): T[] {
  const entries: T[] = [];
  for (const match of text.matchAll(FLAT_OBJECT)) {
    let value: unknown;
    try {
      value = JSON.parse(match[0]);
    } catch {
      continue;
    }
    const entry = toEntry(value);
    if (entry !== null) entries.push(entry);
  }
  return entries;
}

/**
 * The entries of a JSON array of flat objects that `toEntry` accepts (it gives null for the
 * others). Never throws: when the text is not valid JSON every intact `{…}` entry is still
 * recovered, and `problem` says what happened; `what` names the kept entries in that sentence.
 */
export function parseEntryList<T>(text: string, toEntry: (value: unknown) => T | null, what: string): { entries: T[]; problem: string | null } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const entries = salvage(text, toEntry);
    return {
      entries,
      problem: `invalid JSON (${(error as Error).message}); recovered ${entries.length} intact entries`,
    };
  }
  if (!Array.isArray(parsed)) return { entries: [], problem: 'not a JSON array' };
  const entries: T[] = [];
  for (const value of parsed) {
    const entry = toEntry(value);
    if (entry !== null) entries.push(entry);
  }
  const ignored = parsed.length - entries.length;
  return {
    entries,
    problem: ignored > 0 ? `${ignored} entries without ${what} ignored` : null,
  };
}

/**
 * Reads `usercache.json` (`[{name, uuid, expiresOn}]`, either key order) or `whitelist.json`
 * (`[{uuid, name}]`). Never throws: when the file is not valid JSON (a hand-edited file, unresolved
 * merge-conflict markers) every intact `{…}` entry is still recovered, and `problem` says what
 * happened. Entries without a valid UUID and a name are left out.
 *
 * @example
 * parseProfileList('[{"name":"Steve","uuid":"8667ba71-b85a-4004-af54-457a9734eed7"}]');
 * // { entries: [{ uuid: '8667ba71-b85a-4004-af54-457a9734eed7', name: 'Steve', expiresOn: null }], problem: null }
 */
export function parseProfileList(text: string): ProfileList {
  return parseEntryList(text, toEntry, 'a valid uuid and name');
}
