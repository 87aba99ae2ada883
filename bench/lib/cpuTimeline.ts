import { processCpuMs } from './cores.js';

/** A process's CPU time, sampled at a fixed interval, to read it at a moment already past. */
export interface CpuTimeline {
  /** CPU time (ms, every thread) at the last sample taken at or before `time` (epoch ms); NaN when none is kept. */
  before(time: number): number;
  stop(): void;
}

/** How long samples are kept: longer than any pull the bench waits for. */
const KEEP_MS = 15 * 60_000;

/**
 * Samples a process's CPU time (from `/proc`) every `everyMs`, so the CPU a pull used can be
 * read from the pull's own start, which is known only once its log line arrives (its time less
 * its duration): the work the server does before it (a pull that began while the writer still
 * ran) is left out. Samples older than 15 minutes are dropped.
 *
 * @example
 * const timeline = cpuTimeline(child.pid);
 * const pullCpu = processCpuMs(child.pid) - timeline.before(Date.now() - durationMs);
 */
export function cpuTimeline(pid: number, everyMs = 25): CpuTimeline {
  const times: number[] = [];
  const cpu: number[] = [];
  const sample = (): void => {
    let ms: number;
    try {
      ms = processCpuMs(pid);
    } catch {
      return; // the process is gone
    }
    const now = Date.now();
    times.push(now);
    cpu.push(ms);
    if (times[0]! < now - KEEP_MS) {
      const drop = times.findIndex((t) => t >= now - KEEP_MS);
      times.splice(0, drop);
      cpu.splice(0, drop);
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    before(time) {
      for (let i = times.length - 1; i >= 0; i--) if (times[i]! <= time) return cpu[i]!;
      return Number.NaN;
    },
    stop: () => clearInterval(timer),
  };
}
