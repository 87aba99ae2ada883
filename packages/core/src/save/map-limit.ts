/**
 * Runs `task` over `items` with at most `limit` running at once, results in input order. A save
 * holds tens of thousands of small files: opening them all at once exhausts file descriptors,
 * one at a time leaves the disk idle. When a task throws, no new task starts, the running ones
 * finish, and the first error is rethrown.
 *
 * @example
 * const sizes = await mapLimit(paths, 16, async (path) => (await stat(path)).size);
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  async function worker(): Promise<void> {
    while (failure === null && next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  const workers = Math.max(1, Math.min(Math.floor(limit) || 1, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
  return results;
}
