import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { cleanText } from '@blockstats/svg';

/** Writes an export's files, every one inside its folder; an entry that cannot be written is reported, not fatal. */
export interface ExportWriter {
  /** Writes `file` (a `/`-separated path inside the export); false when it was skipped as a problem. */
  write(file: string, body: Uint8Array): Promise<boolean>;
  /** Reports an entry left out (printed as a warning, counted at the end). */
  problem(text: string): void;
  /** What was left out, one line each. */
  readonly problems: readonly string[];
  bytes: number;
}

/** Errors one file's path can cause (a name clash with a folder, an over-long name); anything else (a full disk) ends the export. */
const ENTRY_ERRORS = new Set(['EEXIST', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG', 'EINVAL']);

/**
 * The file writer of one export into `out` (a fresh folder): a path that would leave `out` (`..`,
 * an absolute part), or that differs from a written one only in case (one file on a
 * case-insensitive file system or host), or that the file system refuses, is skipped and
 * reported through `warn`, so one hostile entry of the save never ends the export.
 */
export function exportWriter(out: string, warn: (text: string) => void): ExportWriter {
  const problems: string[] = [];
  const byLowerCase = new Map<string, string>();
  const writer: ExportWriter = {
    problems,
    bytes: 0,
    problem(text) {
      const line = cleanText(text, 300);
      problems.push(line);
      warn(`Warning: ${line}`);
    },
    async write(file, body) {
      const path = join(out, ...file.split('/').filter(Boolean));
      const inside = relative(out, path);
      if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || !path.startsWith(out + sep)) {
        writer.problem(`skipped ${file}: it maps outside the output directory.`);
        return false;
      }
      const seen = byLowerCase.get(inside.toLowerCase());
      if (seen !== undefined && seen !== inside) {
        writer.problem(`skipped ${file}: it differs from ${seen} only in case.`);
        return false;
      }
      try {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, body);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (!ENTRY_ERRORS.has(code)) throw error;
        writer.problem(`skipped ${file}: ${code}.`);
        return false;
      }
      byLowerCase.set(inside.toLowerCase(), inside);
      writer.bytes += body.byteLength;
      return true;
    },
  };
  return writer;
}
