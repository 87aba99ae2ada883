// Every code sample of every README (the top one, packages/*/README.md, examples/**/README.md),
// as test/readme.test.ts runs them: each fenced block with a language is a sample, and each
// sample (each line of a shell block) gets one way to be run, or the test fails on it, so a new
// sample cannot go unrun by accident.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './repo.js';

/** One fenced block. */
export interface Sample {
  readme: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
}

/** How a shell line is run. */
export type ShellStep =
  | { kind: 'blockstats'; args: string[] }
  | { kind: 'npm-script'; script: string }
  | { kind: 'npm-install'; packages: string[] }
  | { kind: 'wrangler'; args: string[] }
  | { kind: 'setup'; why: string };

/** The READMEs, repository-relative, in a stable order. */
export function readmes(): string[] {
  const found = ['README.md'];
  for (const name of readdirSync(join(REPO_ROOT, 'packages')).sort()) {
    if (existsSync(join(REPO_ROOT, 'packages', name, 'README.md'))) found.push(`packages/${name}/README.md`);
  }
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === 'README.md') found.push(relative(REPO_ROOT, path));
    }
  };
  walk(join(REPO_ROOT, 'examples'));
  return found;
}

/** The fenced blocks of a README that carry a language (a bare fence is a listing, not code). */
export function samples(readme: string): Sample[] {
  const text = readFileSync(join(REPO_ROOT, readme), 'utf8');
  const lines = text.split('\n');
  const out: Sample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    if (end < 0) throw new Error(`${readme}:${i + 1}: a code fence is never closed`);
    if (open[1]) out.push({ readme, line: i + 1, lang: open[1], code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return out;
}

/** A shell line split into words, single quotes kept together; a trailing `# comment` dropped. */
export function words(line: string): string[] {
  const withoutComment = line.replace(/\s+#.*$/, '');
  return (withoutComment.match(/'[^']*'|\S+/g) ?? []).map((w) => w.replace(/^'|'$/g, ''));
}

/** How one shell line is run; throws for a line no rule covers. */
export function shellStep(line: string): ShellStep {
  let w = words(line);
  // A crontab line: the five schedule fields, then the command.
  if (w.length > 5 && w.slice(0, 5).every((f) => /^[*\d/,-]+$/.test(f))) w = w.slice(5);
  if (w[0] === 'npx' && w[1] === 'blockstats') return { kind: 'blockstats', args: w.slice(2) };
  if (w[0] === 'blockstats') return { kind: 'blockstats', args: w.slice(1) };
  if (w[0] === 'npx' && w[1] === 'wrangler') return { kind: 'wrangler', args: w.slice(2) };
  if (w[0] === 'npm' && (w[1] === 'test' || w[1] === 'start')) return { kind: 'npm-script', script: w[1] };
  if (w[0] === 'npm' && w[1] === 'run' && w[2]) return { kind: 'npm-script', script: w[2] };
  if (w[0] === 'npm' && (w[1] === 'install' || w[1] === 'ci')) return { kind: 'npm-install', packages: w.slice(2) };
  if (w[0] === 'git' && w[1] === 'clone') return { kind: 'setup', why: 'a clone of this repository is what the tests run in' };
  if (w[0] === 'cd') return { kind: 'setup', why: 'the next lines run with their paths resolved against the repository' };
  throw new Error(`no rule runs this shell line: ${line}`);
}

/** The shell lines of a block (blank and comment-only lines left out). */
export function shellLines(code: string): string[] {
  return code.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
}
