import type { CliStream } from './io.js';

/** A progress reporter: `update(done, total)` then `done()`. A no-op off a terminal. */
export interface Progress {
  update(done: number, total: number): void;
  done(): void;
}

/**
 * A one-line progress bar on stderr for long reads, drawn only on a TTY (never into pipes or
 * logs) and at most every 100 ms.
 */
export function progressBar(stream: CliStream, label: string, now: () => number = Date.now): Progress {
  if (!stream.isTTY) return { update() {}, done() {} };
  let last = 0;
  let drawn = false;
  return {
    update(done, total) {
      const t = now();
      if (t - last < 100 && done < total) return;
      last = t;
      const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - label.length - 20));
      const ratio = total > 0 ? Math.min(1, done / total) : 0;
      const filled = Math.round(ratio * width);
      stream.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`);
      drawn = true;
    },
    done() {
      if (drawn) stream.write('\r\u001b[2K');
    },
  };
}
