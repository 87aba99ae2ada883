import { recordMerger, type ActivityRecord } from '@blockstats/core';

/** What a server's record was at the last merge: the record, its start, its length and last pull. */
interface Seen {
  record: ActivityRecord | null;
  since: number | null;
  length: number;
  last: number | undefined;
}

/** Whether `record` is one that has recorded a pull (the merge leaves the others out). */
const recording = (record: ActivityRecord | null): record is ActivityRecord => record !== null && record.recordingSince !== null;

/**
 * The network's activity record, computed from the servers' own records (one getter a server;
 * see `recordMerger`) again only when one of them changed: each pull appends to every record,
 * requests in between share the same merge. Null while no server has recorded a pull.
 *
 * Every website page that shows the record asks for it (the fast lane's key too): telling
 * "unchanged" compares each server's record, start, length and last pull time with the last
 * merge's, without building a string or an array a request.
 */
export function networkRecord(servers: ReadonlyArray<() => ActivityRecord | null>): () => ActivityRecord | null {
  let seen: Seen[] = [];
  let merged: ActivityRecord | null = null;
  const merge = recordMerger();
  return () => {
    if (unchanged(seen, servers)) return merged;
    const now = servers.map((record) => record());
    seen = now.map((record) => (recording(record) ? { record, since: record.recordingSince, length: record.times.length, last: record.times.at(-1) } : { record: null, since: null, length: 0, last: undefined }));
    const merging = now.filter(recording);
    merged = merging.length === 0 ? null : merge(merging);
    return merged;
  };
}

/** Whether every server's record is as it was at the last merge (the first call never is). */
function unchanged(seen: readonly Seen[], servers: ReadonlyArray<() => ActivityRecord | null>): boolean {
  if (seen.length !== servers.length || servers.length === 0) return false;
  for (let i = 0; i < servers.length; i++) {
    const was = seen[i]!;
    const record = servers[i]!();
    if (!recording(record)) {
      if (was.record !== null) return false;
      continue;
    }
    const { times } = record;
    if (record !== was.record || record.recordingSince !== was.since || times.length !== was.length || times[times.length - 1] !== was.last) return false;
  }
  return true;
}
