import { readFileSync } from 'node:fs';

/**
 * The process's soft limit on open files (Linux: `/proc/self/limits`), or null where it cannot
 * be read. Node raises the soft limit to the hard one at startup, so this is what the process
 * really has for sockets, save files and worker threads together.
 */
export function openFileLimit(read: () => string = () => readFileSync('/proc/self/limits', 'utf8')): number | null {
  try {
    const match = /^Max open files\s+(\d+|unlimited)\s/m.exec(read());
    if (!match || match[1] === 'unlimited') return null;
    return Number(match[1]);
  } catch {
    return null;
  }
}
