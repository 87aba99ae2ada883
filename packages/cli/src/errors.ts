/**
 * Exit codes, after the BSD sysexits convention most CLIs follow loosely:
 * 1 for a runtime failure, 2 for bad usage or bad input (a bad flag, a missing server
 * directory, an unknown player or stat), 130 when interrupted.
 */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  interrupted: 130,
} as const;

/** An error meant for the person at the terminal: printed as-is, without a stack trace. */
export class CliError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode: number = EXIT.usage) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}
