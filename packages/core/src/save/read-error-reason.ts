/** A file-system or parse error as a warning reason. */
export function readErrorReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return 'file vanished while the save was being read';
  if (code === 'EISDIR') return 'a folder, not a regular file; skipped';
  return error instanceof Error ? error.message : String(error);
}
