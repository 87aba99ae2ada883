/** The fields a player is ordered by inside a tie. */
export interface Nameable {
  name: string | null;
  uuid: string;
  /** `name` lower-cased, when the caller computed it once for many comparisons. */
  lower?: string | undefined;
}

/**
 * Orders players by name, then uuid (DECISIONS 10: the order inside a tie). Names compare
 * case-insensitively, then exactly; players without a name come last. Plain code-unit
 * comparison, not `localeCompare`, so the order is the same on every machine.
 *
 * @example
 * [{ name: 'bob', uuid: 'b' }, { name: 'Alice', uuid: 'a' }].sort(playerOrder); // Alice, bob
 */
export function playerOrder(a: Nameable, b: Nameable): number {
  if (a.name !== b.name) {
    if (a.name === null) return 1;
    if (b.name === null) return -1;
    const la = a.lower ?? a.name.toLowerCase();
    const lb = b.lower ?? b.name.toLowerCase();
    if (la !== lb) return la < lb ? -1 : 1;
    return a.name < b.name ? -1 : 1;
  }
  return a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0;
}
