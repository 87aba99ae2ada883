/**
 * A remote save could not be reached or read as a whole: the server is down, refused the login
 * or the host key, or the connection dropped or stalled. The message is safe to log and to show
 * in `/v1/health`: it names the location (`sftp://user@host:port/path`) and the reason, never a
 * password, passphrase or key.
 */
export class RemoteSaveError extends Error {
  override readonly name = 'RemoteSaveError';
  /** `unreachable`, `auth`, `host_key`, `timeout`, `dropped`, `not_a_save` or `local` (the mirror's own disk). */
  readonly code: RemoteSaveErrorCode;

  constructor(code: RemoteSaveErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export type RemoteSaveErrorCode = 'unreachable' | 'auth' | 'host_key' | 'timeout' | 'dropped' | 'not_a_save' | 'local';
