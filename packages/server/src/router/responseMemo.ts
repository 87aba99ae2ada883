import { LRUCache } from 'lru-cache';
import type { Rendered } from './Rendered.js';
import type { RouteDefinition } from './RouteDefinition.js';

/** Default bound of the rendered-response memo (see `RouterOptions.responseCacheBytes`). */
export const DEFAULT_RESPONSE_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Whether a route's answer is a pure function of the snapshot and the request URL, so its
 * rendering can be reused for the whole generation: snapshot data, embeds and the static
 * documents (the endpoint list, the ~200 KB OpenAPI document, costly to serialise and hash on
 * every request), not the record, live sources, request-time file reads, the clock or randomness.
 */
export function memoizable(route: RouteDefinition): boolean {
  return (route.cache === 'data' || route.cache === 'embed' || route.cache === 'static') && route.record !== true && route.volatile !== true && route.noEtag !== true;
}

/** Rendered answers of one snapshot generation, keyed by absolute request URL. */
export interface ResponseMemo {
  /** The generation the memo holds answers of, or null before its first use. */
  readonly generation: string | null;
  /** Switches to `generation`, dropping every answer of another one. */
  use(generation: string): void;
  get(key: string): Rendered | undefined;
  set(key: string, value: Rendered): void;
  /**
   * `get(origin + target)` without building that string (the fast lane's lookup: a new string
   * is copied and hashed, the origin and the index's keys are not). `origin` is `scheme://host`.
   */
  find(origin: string, target: string): Rendered | undefined;
}

/** An absolute URL as `[scheme://host, path and query]`. */
function splitUrl(key: string): [string, string] {
  const slash = key.indexOf('/', key.indexOf('//') + 2);
  return slash < 0 ? [key, ''] : [key.slice(0, slash), key.slice(slash)];
}

/**
 * The memo of rendered answers for the current generation: a hit skips the query, the
 * serialisation and the hash. A new generation clears it, so it never holds more than one
 * snapshot's answers; its size is bounded in (approximate) bytes.
 *
 * @example
 * const memo = responseMemo(32 * 1024 * 1024);
 * memo?.use(snapshot.generation);
 */
export function responseMemo(maxBytes: number): ResponseMemo | null {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
    throw new RangeError('createRouter: responseCacheBytes must be a whole number of bytes ≥ 0 (0 switches the memo off)');
  }
  if (maxBytes === 0) return null;
  /** origin → path and query → the key an answer is remembered under, for `find`. */
  const index = new Map<string, Map<string, string>>();
  const cache = new LRUCache<string, Rendered>({
    maxSize: maxBytes,
    // A text body is held twice once answered: the string and its UTF-8 bytes.
    sizeCalculation: (r) => Math.max(1, (typeof r.body === 'string' ? r.body.length * 3 : r.body.byteLength) + 512),
    // Every answer that leaves (evicted, replaced, cleared) leaves the index with it.
    dispose: (_value, key) => {
      const [origin, target] = splitUrl(key);
      const targets = index.get(origin);
      targets?.delete(target);
      if (targets?.size === 0) index.delete(origin);
    },
  });
  let generation: string | null = null;
  return {
    get generation() {
      return generation;
    },
    use(next) {
      if (generation !== next) {
        cache.clear();
        generation = next;
      }
    },
    get: (key) => cache.get(key),
    set: (key, value) => {
      cache.set(key, value);
      if (!cache.has(key)) return; // larger than the whole memo
      const [origin, target] = splitUrl(key);
      let targets = index.get(origin);
      if (!targets) index.set(origin, (targets = new Map()));
      targets.set(target, key);
    },
    find: (origin, target) => {
      const key = index.get(origin)?.get(target);
      return key === undefined ? undefined : cache.get(key);
    },
  };
}
