/** Why a render on a PNG worker failed. */
export type PngRenderFailure =
  /** It ran past the time budget: its worker was terminated and is replaced. */
  | 'timeout'
  /** Its worker died (crashed, out of memory, failed to start): the worker is replaced. */
  | 'crashed'
  /** The renderer rejected the SVG (the worker lives on). */
  | 'failed'
  /** The workers were closed before it ran. */
  | 'closed';

/**
 * A render that `createPngWorkers` could not finish. The pool in front of it answers the
 * request with it (a 503 for `timeout` and `closed`, a logged 500 otherwise); nothing else fails.
 */
export class PngRenderError extends Error {
  readonly reason: PngRenderFailure;

  constructor(reason: PngRenderFailure, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PngRenderError';
    this.reason = reason;
  }
}
