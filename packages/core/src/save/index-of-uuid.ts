/**
 * The index of `uuid` in `players` sorted by uuid (ascending, each once, as a save's reading
 * lists them), or -1: a search by halves, for the few lookups a pull makes in 10,000 players,
 * where a `Map` of all of them would cost more than the lookups.
 *
 * @example
 * indexOfUuid([{ uuid: 'a' }, { uuid: 'c' }], 'c'); // 1
 * indexOfUuid([{ uuid: 'a' }, { uuid: 'c' }], 'b'); // -1
 */
export function indexOfUuid(players: readonly { readonly uuid: string }[], uuid: string): number {
  let low = 0;
  let high = players.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = players[mid]!.uuid;
    if (at === uuid) return mid;
    if (at < uuid) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}
