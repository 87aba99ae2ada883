/** The slice of a process output stream this needs. */
interface OutputStream {
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
}

/**
 * Makes a closed pipe end the program quietly with exit code 0, as Unix tools do
 * (`blockstats players --json | head -1`): the reader has what it wanted. Without this, Node
 * reports the write's EPIPE as an uncaught exception with a stack trace. Any other stream error
 * is rethrown.
 *
 * @example
 * exitOnClosedPipe([process.stdout, process.stderr], (code) => process.exit(code));
 */
export function exitOnClosedPipe(streams: readonly OutputStream[], exit: (code: number) => void): void {
  for (const stream of streams) {
    stream.on('error', (error) => {
      if (error.code === 'EPIPE') exit(0);
      else throw error;
    });
  }
}
