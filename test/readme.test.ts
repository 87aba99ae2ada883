// The READMEs are true as written: every TypeScript block marked `<!-- readme-example: run -->`
// runs (against a generated save where it says /srv/minecraft, a generated network at /srv/network), every block marked `check` or
// `run` type-checks under the workspace's strict settings, and the root README's CLI lines run
// against the demo server and exit 0.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { generateDemoServer } from '../examples/demo/generate.js';
import { generateDemoNetwork } from '../examples/network/generate.js';
import { REPO_ROOT } from './support/repo.js';

const exec = promisify(execFile);
const READMES = ['README.md', 'packages/core/README.md', 'packages/svg/README.md', 'packages/server/README.md', 'packages/cli/README.md', 'examples/worker/README.md'];
// Inside the repository, so the blocks resolve the workspace packages.
const work = join(REPO_ROOT, '.pack-work', `readme-${process.pid}`);

interface Block {
  readme: string;
  index: number;
  mode: 'run' | 'check';
  code: string;
}

const blocks: Block[] = READMES.flatMap((readme) =>
  [...readFileSync(join(REPO_ROOT, readme), 'utf8').matchAll(/<!-- readme-example: (run|check) -->\n```ts\n([\s\S]*?)```/g)].map((m, index) => ({ readme, index, mode: m[1] as 'run' | 'check', code: m[2]! })),
);
const file = (b: Block) => join(work, `${b.readme.replace(/\W+/g, '-')}-${b.index}.ts`);

before(() => {
  mkdirSync(work, { recursive: true });
  generateDemoServer({ out: join(work, 'server'), players: 40, seed: 'hearthvale', now: Date.UTC(2026, 10, 16, 12) });
  generateDemoNetwork({ out: join(work, 'network'), people: 20, seed: 'three-isles', now: Date.UTC(2026, 10, 16, 12) });
  // Each block is a module of its own (top-level await, its own imports).
  for (const b of blocks) writeFileSync(file(b), `${b.code.replaceAll('/srv/minecraft', join(work, 'server')).replaceAll('/srv/network', join(work, 'network'))}\nexport {};\n`);
  writeFileSync(join(work, 'tsconfig.json'), JSON.stringify({ extends: '../../tsconfig.base.json', compilerOptions: { noEmit: true }, include: ['*.ts'] }));
});
after(() => rmSync(work, { recursive: true, force: true }));

describe('README examples', () => {
  it('finds the marked examples', () => {
    for (const readme of ['README.md', 'packages/core/README.md']) assert.ok(blocks.some((b) => b.readme === readme && b.mode === 'run'), readme);
  });

  it('type-check under strict', async () => {
    await exec(process.execPath, [join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', work], { cwd: work }).catch((error: { stdout?: string }) => assert.fail(error.stdout));
  });

  for (const b of blocks.filter((block) => block.mode === 'run')) {
    it(`${b.readme} example ${b.index + 1} runs`, async () => {
      const { stdout } = await exec(process.execPath, ['--conditions=source', '--import', 'tsx', file(b)], { cwd: REPO_ROOT });
      assert.notEqual(stdout.trim(), '');
    });
  }
});

describe('README CLI lines', () => {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const lines = [...readme.matchAll(/^npx blockstats (.+?)(?:\s+#.*)?$/gm)].map((m) => m[1]!.trim())
    // `serve` runs until stopped: test/e2e-serve.test.ts starts it as the README says.
    .filter((args) => !args.startsWith('serve'));
  for (const args of lines) {
    it(`npx blockstats ${args}`, async () => {
      const argv = (args.match(/'[^']*'|\S+/g) ?? []).map((a) => a.replace(/^'|'$/g, '').replace('/srv/minecraft', join(REPO_ROOT, 'examples', 'demo-server')).replace(/^examples\/demo-server$/, join(REPO_ROOT, 'examples', 'demo-server')));
      const { stdout } = await exec(join(REPO_ROOT, 'node_modules', '.bin', 'blockstats'), argv, { cwd: work, env: { ...process.env, NO_COLOR: '1', XDG_STATE_HOME: join(work, 'state') }, maxBuffer: 64 << 20 });
      assert.ok(stdout.length > 0 || argv.includes('--out'));
    });
  }
});
