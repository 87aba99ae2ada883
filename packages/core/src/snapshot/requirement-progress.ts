/** Requirement groups met versus needed. */
export interface RequirementProgress {
  obtained: number;
  required: number;
}

/**
 * How far a player is into an advancement: the requirement groups met (a group is met by any one
 * of its criteria) out of the groups needed. Criteria the current definition no longer has (an
 * older file's stale biome, say) do not count (vanilla NOTES: "Compute progress from the current
 * definition"). A definition without requirement groups needs each criterion.
 *
 * @example
 * requirementProgress([['a', 'b'], ['c']], { b: 1 }); // { obtained: 1, required: 2 }
 */
export function requirementProgress(
  requirements: readonly (readonly string[])[],
  criteria: Readonly<Record<string, number>>,
  criterionNames: readonly string[] = [],
): RequirementProgress {
  const groups = requirements.length > 0 ? requirements : criterionNames.map((name) => [name]);
  let obtained = 0;
  for (const group of groups) {
    if (group.some((name) => Object.hasOwn(criteria, name))) obtained++;
  }
  return { obtained, required: groups.length };
}
