import { contentHash } from './content-hash.js';
import { runSteps } from './run-steps.js';
import type { Snapshot } from './types.js';

/**
 * The generation id of a snapshot: a hash of everything in it but the id itself, so identical
 * input gives an identical generation and any change to what is served gives a new one (the
 * ETag key, DECISIONS 21).
 *
 * @example
 * snapshotGeneration(snapshot) === snapshot.generation; // true for an unmodified snapshot
 */
export function snapshotGeneration(snapshot: Omit<Snapshot, 'generation'> & { generation?: string }): string {
  return runSteps(generationSteps(snapshot));
}

/** `snapshotGeneration` as steps: it yields after each top-level part (the same hash). */
export function* generationSteps(snapshot: Omit<Snapshot, 'generation'> & { generation?: string }): Generator<void, string, void> {
  const hash = contentHash();
  for (const key of Object.keys(snapshot)) {
    if (key === 'generation') continue;
    hash.add(key);
    hash.add((snapshot as Record<string, unknown>)[key]);
    yield;
  }
  return hash.digest();
}
