/**
 * A day's gains as they are found, in three parallel typed arrays reused from day to day (a
 * `GainList` for `dayGains`): reading a year of history makes no list per day.
 *
 * @example
 * const gains = new GainBuffer();
 * gains.push(3, 0, 80); // stat column 3, player 0, gained 80
 * dayGains(20_000, 4, gains, gains.length);
 */
export class GainBuffer {
  stat = new Int32Array(1024);
  player = new Int32Array(1024);
  gain = new Float64Array(1024);
  length = 0;

  push(stat: number, player: number, gain: number): void {
    if (this.length === this.stat.length) this.#grow();
    this.stat[this.length] = stat;
    this.player[this.length] = player;
    this.gain[this.length++] = gain;
  }

  clear(): void {
    this.length = 0;
  }

  #grow(): void {
    const size = this.stat.length * 2;
    const stat = new Int32Array(size);
    const player = new Int32Array(size);
    const gain = new Float64Array(size);
    stat.set(this.stat);
    player.set(this.player);
    gain.set(this.gain);
    this.stat = stat;
    this.player = player;
    this.gain = gain;
  }
}
