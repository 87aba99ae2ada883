import { readFileSync } from 'node:fs';

/** A process's peak (VmHWM) or current (VmRSS) resident memory in MB, from /proc. */
export function procStatusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}
