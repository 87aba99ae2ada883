/** A line of `blockstats serve`'s JSON log that the pull bench reads (`pull`, `snapshot_persisted`, `last_good_written`). */
export interface PullLine {
  event?: string;
  /** On a network, the server a line is about (a server's own pull), absent on the network's. */
  server?: string;
  network?: boolean;
  ok?: boolean;
  url?: string;
  duration_ms?: number;
  files_parsed?: number;
  files_reused?: number;
  phases_ms?: Record<string, number>;
  rss_mb?: number;
  error?: string;
  write_ms?: number;
  gc_ms?: number;
  players?: number;
}
