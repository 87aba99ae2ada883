import { randomBytes } from 'node:crypto';
import { lstat, mkdir, mkdtemp, readdir, readFile, realpath, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CliError, EXIT } from '../errors.js';

/** A folder an export is written into, beside its target, until it is complete. */
export interface StagedExport {
  /** The temporary folder to write into. */
  dir: string;
  /** Where {@link StagedExport.commit} puts it (symbolic links resolved). */
  out: string;
  /** Puts the finished export in place of the previous one. */
  commit(): Promise<void>;
  /** Removes the temporary folder (a failed export leaves the previous one as it was). */
  discard(): Promise<void>;
}

/** The first line of the `_redirects` every export writes: how a previous export is recognised. */
export const EXPORT_MARK = '# blockstats export';

const exists = (path: string) => lstat(path).then(() => true, () => false);

/** Whether a process of that id still runs (a temporary folder of a live export is left alone). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Tidies what killed exports left beside `out` (the folders are named `.<out>.blockstats-<pid>-…`):
 * a previous export moved aside but never replaced goes back in place; other folders of processes
 * no longer running are removed.
 */
async function tidy(parent: string, prefix: string, out: string): Promise<void> {
  const left = (await readdir(parent)).filter((name) => name.startsWith(prefix));
  const aside = left.filter((name) => name.startsWith(`${prefix}old-`)).sort();
  if (aside.length > 0 && !(await exists(out))) await rename(join(parent, aside.pop()!), out);
  for (const name of left) {
    const pid = Number(/^(?:old-)?(\d+)-/.exec(name.slice(prefix.length))?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && !alive(pid) && (await exists(join(parent, name)))) {
      await rm(join(parent, name), { recursive: true, force: true });
    }
  }
}

/** Refuses to replace a file, or a folder of other files unless `--clean` says so. */
async function checkTarget(out: string, clean: boolean): Promise<void> {
  const stat = await lstat(out).catch(() => null);
  if (!stat) return;
  if (!stat.isDirectory()) throw new CliError(`Refusing to export into ${out}: it is not a directory.`, EXIT.usage);
  if (clean || (await readdir(out)).length === 0) return;
  const redirects = await readFile(join(out, '_redirects'), 'utf8').catch(() => '');
  if (!redirects.startsWith(EXPORT_MARK)) {
    throw new CliError(`Refusing to replace ${out}: it holds files that are not a blockstats export. Give an empty or new --out directory, or pass --clean to replace it.`, EXIT.usage);
  }
}

/**
 * Prepares an export into `out` that is all or nothing: the files go into a new folder beside
 * `out` (same file system, so the final move is a rename), and {@link StagedExport.commit} swaps
 * it with the previous export. An export that fails or is killed part-way leaves the previous
 * one in place; the next run removes its leftovers.
 *
 * @example
 * const staged = await stageExport('/var/www/stats', { clean: false });
 * try { await write(staged.dir); await staged.commit(); } catch (e) { await staged.discard(); throw e; }
 */
export async function stageExport(target: string, options: { clean: boolean }): Promise<StagedExport> {
  const out = await realpath(target).catch(() => target);
  const parent = dirname(out);
  const prefix = `.${basename(out)}.blockstats-`;
  await mkdir(parent, { recursive: true });
  await tidy(parent, prefix, out);
  await checkTarget(out, options.clean);
  const dir = await mkdtemp(join(parent, `${prefix}${process.pid}-`));
  return {
    dir,
    out,
    async commit() {
      if (!(await exists(out))) return rename(dir, out);
      // Two renames: the previous export is moved aside, never deleted before the new one is in place.
      const aside = join(parent, `${prefix}old-${process.pid}-${randomBytes(4).toString('hex')}`);
      await rename(out, aside);
      await rename(dir, out);
      await rm(aside, { recursive: true, force: true });
    },
    discard: () => rm(dir, { recursive: true, force: true }),
  };
}
