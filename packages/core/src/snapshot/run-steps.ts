/**
 * Runs a build's steps (a generator that yields where a caller may pause) to their end, without
 * pausing: the synchronous form of a build (`buildSnapshot`, `buildStats`, `buildAdvancements`).
 *
 * @example
 * runSteps((function* () { yield; return 1; })()); // 1
 */
export function runSteps<T>(steps: Generator<void, T, void>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}
