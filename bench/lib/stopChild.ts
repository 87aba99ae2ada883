import type { ChildProcess } from 'node:child_process';

/** SIGTERM, then SIGKILL if the child has not exited within `graceMs`; resolves once `exited` has. */
export async function stopChild(child: ChildProcess, exited: Promise<unknown>, graceMs = 15_000): Promise<void> {
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}
