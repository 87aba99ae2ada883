// Starts Debian's Chromium for the browser tests, through playwright-core (which downloads no
// browser of its own). Where Chromium is missing or cannot start, the tests are skipped with a
// loud reason; under CI (CI=true) that is a failure instead, so they can never pass silently.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it). */
export const CHROMIUM = process.env.BLOCKSTATS_CHROMIUM ?? '/usr/bin/chromium';

/** Flags that work on this machine kind: no sandbox (root in a container), no GPU, no network chatter. */
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** A started browser, or why there is none. */
export type Launch = { browser: Browser; skip: null } | { browser: null; skip: string };

/**
 * Launches Chromium (each launch gets a fresh temporary profile: playwright's own
 * `--user-data-dir`). Resolves with a skip reason when it cannot; throws under CI.
 */
export async function launchChromium(): Promise<Launch> {
  let reason: string;
  if (!existsSync(CHROMIUM)) {
    reason = `${CHROMIUM} not found (apt-get install -y chromium)`;
  } else {
    try {
      return { browser: await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, timeout: 60_000 }), skip: null };
    } catch (error) {
      reason = `${CHROMIUM} does not start: ${(error as Error).message.split('\n')[0]}`;
    }
  }
  if (process.env.CI) throw new Error(`Browser tests cannot run under CI: ${reason}`);
  const loud = `BROWSER TESTS SKIPPED: ${reason}`;
  process.stderr.write(`\n${'!'.repeat(loud.length)}\n${loud}\n${'!'.repeat(loud.length)}\n\n`);
  return { browser: null, skip: loud };
}
