import { readFileSync } from 'node:fs';

/**
 * CPU milliseconds of this process's main thread and of all its threads (Linux /proc: the parse
 * workers, libuv's pool, V8's helpers), in the kernel's 10 ms ticks.
 */
export function threadsCpu(): { main: number; all: number } {
  const ticks = (file: string): number => {
    const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  return { main: ticks(`/proc/self/task/${process.pid}/stat`) * 10, all: ticks('/proc/self/stat') * 10 };
}
