// The attacker's process (see spawnAttack in attacks.ts): starts the attack given as JSON in
// argv[2] and prints `ready` once it is under way; then, for each line on stdin, `report` prints
// what it saw so far as one JSON line, `stop` stops the attack, prints its report and exits.
import { createInterface } from 'node:readline';
import { startAttack, type AttackSpec, type ChildReport } from './attacks.js';

const spec = JSON.parse(process.argv[2] ?? '{}') as AttackSpec;
const attack = await startAttack(spec);
process.stdout.write('ready\n');
createInterface({ input: process.stdin }).on('line', async (command) => {
  if (command === 'report') {
    const report: ChildReport = { ...attack.report(), openAtEnd: attack.open() };
    process.stdout.write(`${JSON.stringify(report)}\n`);
    return;
  }
  const openAtEnd = attack.open();
  const report: ChildReport = { ...(await attack.stop()), openAtEnd };
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
});
