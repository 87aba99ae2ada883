import { MATRIX_ABSENT, matrixInstalled } from '../../test/support/matrix.js';
import { requireCommand } from './cores.js';

/**
 * Throws, naming what to install, when the API parts cannot run here: wrk drives the servers,
 * taskset pins them to cores and, with `fastify`, the yardstick comes from the test matrix.
 * `npm run bench` calls it before it builds or generates anything, so a missing tool stops it
 * at once instead of after a save's generation and two servers' first pulls.
 */
export function requireApiTools({ fastify }: { fastify: boolean }): void {
  requireCommand('wrk', 'apt-get install -y wrk (the API benchmark drives the servers with it)');
  requireCommand('taskset', 'apt-get install -y util-linux (the API benchmark pins processes to cores)');
  if (fastify && !matrixInstalled()) throw new Error(`the API benchmark's Fastify yardstick needs the ${MATRIX_ABSENT}`);
}
