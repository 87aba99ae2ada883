import type { Snapshot } from '@blockstats/core';
import { isSafeSegment } from './isSafeSegment.js';

/**
 * The namespace separator in a readable path (`blazeandcave~building/foo`): `~` is never part of
 * a valid advancement id and is unreserved in URLs, while a colon is unsafe on Windows and on some
 * static hosts.
 */
const NAMESPACE = '~';

/** Most segments and characters a readable path may have. */
const MAX_SEGMENTS = 8;
const MAX_LENGTH = 200;

/**
 * A 64-bit FNV-1a-style hash of `text` as 16 hex digits (two 32-bit lanes of different seeds):
 * short, fixed length and lower case, so an encoded path is safe on any file system.
 */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return ((a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0'));
}

/**
 * The readable path of an id, or null: the base game's namespace left out, another namespace
 * before `~`, and every segment lower case and safe ({@link isSafeSegment}); a last segment
 * `holders` would read as the holders list.
 */
function readablePath(id: string): string | null {
  const bare = id.startsWith('minecraft:') ? id.slice('minecraft:'.length) : id;
  if (bare.length > MAX_LENGTH) return null;
  const colon = bare.indexOf(':');
  const segments = (colon === -1 ? bare : `${bare.slice(0, colon)}/${bare.slice(colon + 1)}`).split('/');
  if (segments.length > MAX_SEGMENTS + 1 || segments.at(-1) === 'holders') return null;
  if (!segments.every((segment) => segment === segment.toLowerCase() && isSafeSegment(segment))) return null;
  if (colon === -1) return segments.join('/');
  return `${segments[0]}${NAMESPACE}${segments.slice(1).join('/')}`;
}

/**
 * An advancement id as the path segments of its page and of its API file: `story/mine_stone`
 * for the base game, `blazeandcave~building/foo` for a data pack's; an id that cannot be a safe
 * path as it is (`evil:../../x`, a colon in the path, upper case, a reserved name, 300
 * characters) becomes `~` and a hash of it, which {@link resolveAdvancementPath} maps back.
 *
 * @example
 * advancementPath('minecraft:story/mine_stone'); // 'story/mine_stone'
 * advancementPath('bac:building/foo'); // 'bac~building/foo'
 * advancementPath('evil:../../etc/x'); // '~' followed by 16 hex digits
 */
export function advancementPath(id: string): string {
  return readablePath(id) ?? `${NAMESPACE}${hash(id)}`;
}

/** Per snapshot: each encoded path back to its id. */
const encoded = new WeakMap<Snapshot['advancements'], Map<string, string>>();

/**
 * The advancement id a path names, for the lookup: `~<hash>` maps to the snapshot's advancement
 * of that hash, `ns~path` to `ns:path`; anything else (`story/mine_stone`, `minecraft:…`, a
 * colon sent as it is) is returned unchanged. On a hash collision the first advancement wins.
 *
 * @example
 * resolveAdvancementPath(snapshot, 'bac~building/foo'); // 'bac:building/foo'
 */
export function resolveAdvancementPath(snapshot: Snapshot, path: string): string {
  const text = path.replace(/^\/+/, '');
  if (text.startsWith(NAMESPACE)) {
    let byHash = encoded.get(snapshot.advancements);
    if (!byHash) {
      byHash = new Map();
      for (const { id } of snapshot.advancements) {
        const key = advancementPath(id);
        if (key.startsWith(NAMESPACE) && !byHash.has(key)) byHash.set(key, id);
      }
      encoded.set(snapshot.advancements, byHash);
    }
    return byHash.get(text.replace(/\/+$/, '')) ?? path;
  }
  const tilde = text.indexOf(NAMESPACE);
  return tilde === -1 ? path : `${text.slice(0, tilde)}:${text.slice(tilde + 1)}`;
}
