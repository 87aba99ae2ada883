import { mergeRecords, type ActivityRecord } from '@blockstats/core';

/**
 * The network's activity record, computed from the servers' own records (see `mergeRecords`)
 * again only when one of them changed: each pull appends to every record, requests in between
 * share the same merge. Null while no server has recorded a pull.
 */
export function networkRecord(records: () => ReadonlyArray<ActivityRecord | null>): () => ActivityRecord | null {
  let key = '';
  let merged: ActivityRecord | null = null;
  return () => {
    const recording = records().filter((r): r is ActivityRecord => r !== null && r.recordingSince !== null);
    const now = recording.map((r) => `${r.recordingSince}:${r.times.length}:${r.times.at(-1)}`).join(',');
    if (now !== key || (merged === null && recording.length > 0)) {
      key = now;
      merged = recording.length === 0 ? null : mergeRecords(recording);
    }
    return merged;
  };
}
