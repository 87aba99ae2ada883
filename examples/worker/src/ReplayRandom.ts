/**
 * The router's random source (`/v1/random/*`), replayed when the worker answers a request again
 * after loading shards: the second try draws the numbers the first drew, so it picks the same
 * player or statistic, as one answer over the whole snapshot would.
 */
export class ReplayRandom {
  #drawn: number[] = [];
  #at = 0;

  constructor(private readonly source: () => number = Math.random) {}

  /** The next number: the one drawn at this place in the last try, or a new one. */
  readonly next = (): number => {
    if (this.#at < this.#drawn.length) return this.#drawn[this.#at++]!;
    const value = this.source();
    this.#drawn.push(value);
    this.#at++;
    return value;
  };

  /** A new request: forget the numbers drawn. */
  begin(): void {
    this.#drawn = [];
    this.#at = 0;
  }

  /** The same request again: replay the numbers drawn. */
  rewind(): void {
    this.#at = 0;
  }
}
