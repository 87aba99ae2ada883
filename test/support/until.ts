/**
 * Polls `probe` until `predicate` holds of its value (every 50 ms, at most `timeoutMs`), and
 * returns that value; past the time, throws with the last value seen.
 *
 * @example
 * await until(() => getJson(`${url}/v1/health`), ({ body }) => body.data.status === 'ok');
 */
export async function until<T>(probe: () => Promise<T>, predicate: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (predicate(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(value).slice(0, 600)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
