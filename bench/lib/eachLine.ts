import type { Readable } from 'node:stream';

/**
 * Calls `onLine` with each complete line `stream` emits (without its newline): how the bench
 * reads the JSON log lines of a `blockstats serve` it started.
 *
 * @example
 * eachLine(child.stdout, (text) => text.includes('"event":"pull"') && pulls.push(JSON.parse(text)));
 */
export function eachLine(stream: Readable, onLine: (text: string) => void): void {
  let buffered = '';
  stream.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const text = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      onLine(text);
    }
  });
}
