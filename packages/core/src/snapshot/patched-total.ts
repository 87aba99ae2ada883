/**
 * A stat's total after a patch. Whole numbers add up exactly in any order (below 2^53), so when
 * every ranked value was and is whole the old total is corrected by the changed players'
 * values; otherwise (fractions could round differently) it is summed again in player order, as
 * a fresh build sums it.
 */
export function patchedTotal(
  wasIntegral: boolean,
  total: number,
  before: ArrayLike<number>,
  after: ArrayLike<number>,
  changed: readonly number[],
  ranked: readonly boolean[],
  rankedBefore: readonly boolean[],
): { total: number; integral: boolean } {
  let corrected = total;
  let exact = wasIntegral;
  for (const p of changed) {
    if (rankedBefore[p]) corrected -= before[p]!;
    if (ranked[p]) {
      corrected += after[p]!;
      if (!Number.isSafeInteger(after[p]!)) exact = false;
    }
  }
  if (exact && Number.isSafeInteger(corrected)) return { total: corrected, integral: true };
  let sum = 0;
  let whole = true;
  for (let p = 0; p < after.length; p++) {
    if (!ranked[p]) continue;
    sum += after[p]!;
    if (whole && !Number.isSafeInteger(after[p]!)) whole = false;
  }
  return { total: sum, integral: whole && Number.isSafeInteger(sum) };
}
