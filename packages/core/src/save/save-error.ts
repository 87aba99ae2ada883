/** Why a save could not be read at all. */
export type SaveErrorCode =
  /** The path does not exist. */
  | 'ENOENT'
  /** The path exists but is not a directory. */
  | 'NOT_A_DIRECTORY'
  /** The directory (or the world folder inside it) could not be listed: permissions, I/O error. */
  | 'UNREADABLE'
  /** The directory is neither a server root with a world nor a world folder. */
  | 'NOT_A_SAVE'
  /** A player was asked for that the save does not hold. */
  | 'UNKNOWN_PLAYER';

/**
 * The one error the save reader throws: the save as a whole cannot be read. Everything smaller
 * (one corrupt file, a missing usercache) becomes a `SaveWarning` and the rest still loads.
 *
 * @example
 * try {
 *   await readSave('/srv/minecraft');
 * } catch (error) {
 *   if (error instanceof SaveError && error.code === 'ENOENT') console.error(error.message);
 * }
 */
export class SaveError extends Error {
  override readonly name = 'SaveError';
  readonly code: SaveErrorCode;
  /** The path the error is about. */
  readonly path: string;

  constructor(code: SaveErrorCode, path: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.path = path;
  }
}
