import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value parse threads run at: the thread that answers requests (0) comes first. */
export const PARSE_THREAD_NICE = 10;

/**
 * Lowers the calling thread's scheduling priority to `nice`, where the system allows it per
 * thread (Linux: a thread's id, read from /proc/thread-self, names that thread alone to
 * setpriority). A parse worker calls it at its start: on a machine with fewer cores than busy
 * threads, the server's own thread then wins the core when a request comes, instead of waiting
 * its turn behind the parse threads. Elsewhere (no /proc, another system) it does nothing.
 * Returns whether the priority was lowered.
 *
 * @example
 * lowerThreadPriority(); // in a worker thread: true on Linux
 */
export function lowerThreadPriority(nice = PARSE_THREAD_NICE): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
