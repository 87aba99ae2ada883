/**
 * What a CLI run talks to. `run()` takes it as a parameter so tests can capture output and
 * pretend to be a terminal without touching the real process.
 */
export interface CliStream {
  write(chunk: string | Uint8Array): unknown;
  /** True when the stream is an interactive terminal: tables get colour, long reads a progress bar. */
  isTTY?: boolean;
  /** Terminal width, when known. */
  columns?: number;
}

export interface CliIo {
  stdout: CliStream;
  stderr: CliStream;
  env: Record<string, string | undefined>;
  cwd: string;
}

/** The real process's streams and environment. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
  };
}
