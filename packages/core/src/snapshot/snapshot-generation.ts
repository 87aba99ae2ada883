import { contentHash } from './content-hash.js';
import type { Snapshot } from './types.js';

/**
 * The generation id of a snapshot: a hash of everything in it but the id itself, so identical
 * input gives an identical generation and any change to what is served gives a new one (the
 * ETag key, DECISIONS 21). Large arrays are hashed element by element, never as one string.
 *
 * @example
 * snapshotGeneration(snapshot) === snapshot.generation; // true for an unmodified snapshot
 */
export function snapshotGeneration(snapshot: Omit<Snapshot, 'generation'>): string {
  const hash = contentHash();
  for (const [key, part] of Object.entries(snapshot)) {
    if (key === 'generation') continue;
    hash.update(`\u0000${key}:`);
    if (Array.isArray(part)) {
      hash.update(`[${part.length}]`);
      for (const element of part) hash.update(JSON.stringify(element) ?? 'null');
    } else {
      hash.update(JSON.stringify(part) ?? 'null');
    }
  }
  return hash.digest();
}
