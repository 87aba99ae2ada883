/** The process's memory in MB, for the pull's log line. */
export function memoryFigures(): { rss_mb: number; heap_used_mb: number; heap_total_mb: number; external_mb: number } {
  const usage = process.memoryUsage();
  const mb = (bytes: number): number => Math.round(bytes / 1048576);
  return { rss_mb: mb(usage.rss), heap_used_mb: mb(usage.heapUsed), heap_total_mb: mb(usage.heapTotal), external_mb: mb(usage.external) };
}
