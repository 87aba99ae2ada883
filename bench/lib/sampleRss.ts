import { procStatusMb } from './procStatusMb.js';

/**
 * Every second, hands `out` a process's resident memory now and its peak so far (MB), with the
 * seconds since `start`, until the returned function is called (or the process is gone).
 */
export function sampleRss(pid: number, start: number, out: (sample: { t: number; rss: number; hwm: number }) => void): () => void {
  const timer = setInterval(() => {
    try {
      out({ t: Math.round((Date.now() - start) / 100) / 10, rss: Math.round(procStatusMb(pid, 'VmRSS')), hwm: Math.round(procStatusMb(pid, 'VmHWM')) });
    } catch {
      /* exited */
    }
  }, 1000);
  return () => clearInterval(timer);
}
