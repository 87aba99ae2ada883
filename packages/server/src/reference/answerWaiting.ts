/**
 * Lets the requests and I/O waiting run (a macrotask after this thread's poll phase): a pull's
 * long steps await it in between.
 *
 * @example
 * await answerWaiting();
 */
export function answerWaiting(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
