import { isAbsolute, resolve } from 'node:path';

/** A save on this machine's file system. */
export interface LocalSaveLocation {
  kind: 'local';
  /** Absolute path of the server root (or world folder). */
  path: string;
}

/** A save reachable over SFTP (a rented server's panel), mirrored locally before each read. */
export interface SftpSaveLocation {
  kind: 'sftp';
  host: string;
  port: number;
  username: string;
  /** Remote path of the server root: absolute, or relative to the login folder (`/~/…` in the URL). */
  path: string;
  /** `sftp://user@host:port/path`, normalised: what logs, errors and `/v1/health` may show (it holds no secret). */
  url: string;
}

/** Where a save is read from: `--server`, the configuration's `server_dir`. */
export type SaveLocation = LocalSaveLocation | SftpSaveLocation;

/** A parsed location, or why the text is not one (valibot style: the caller says which key or flag). */
export type SaveLocationResult = { ok: true; location: SaveLocation } | { ok: false; message: string };

/** `scheme://` at the start: a URL, not a path (a Windows `C:\` has no `//`). */
const URL_SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/** SFTP's registered port. */
const SSH_PORT = 22;

/**
 * Parses where a save is: a local path (resolved against `cwd`) or an SFTP URL
 * `sftp://user@host[:port]/path`. The URL's path is absolute (`sftp://mc@host/srv/mc`); `/~/`
 * makes it relative to the login folder (`sftp://mc@host/~/server`), and an empty path is the
 * login folder itself (what a Pterodactyl panel's SFTP shows: the server root). A password in
 * the URL is refused: it would end up in shell histories, process lists and logs.
 *
 * @example
 * parseSaveLocation('sftp://mc.1a2b3c4d@panel.example.net:2022/', '/');
 * // { ok: true, location: { kind: 'sftp', host: 'panel.example.net', port: 2022, username: 'mc.1a2b3c4d', path: '.', url: 'sftp://mc.1a2b3c4d@panel.example.net:2022/' } }
 */
export function parseSaveLocation(text: string, cwd: string = process.cwd()): SaveLocationResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'is empty: give a server directory or an sftp://user@host:port/path URL' };
  const scheme = URL_SCHEME.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === undefined) return { ok: true, location: { kind: 'local', path: isAbsolute(trimmed) ? resolve(trimmed) : resolve(cwd, trimmed) } };
  if (scheme !== 'sftp') return { ok: false, message: `${scheme}:// is not supported: give a server directory or an sftp://user@host:port/path URL` };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: 'is not a valid URL: expected sftp://user@host:port/path' };
  }
  if (url.password !== '') return { ok: false, message: 'holds a password: put it in a file or an environment variable (sftp.password_file or sftp.password_env), never in the URL' };
  if (url.username === '') return { ok: false, message: 'names no user: expected sftp://user@host:port/path' };
  if (url.hostname === '') return { ok: false, message: 'names no host: expected sftp://user@host:port/path' };
  if (url.search !== '' || url.hash !== '') return { ok: false, message: 'may not have a ?query or #fragment: expected sftp://user@host:port/path' };
  const port = url.port === '' ? SSH_PORT : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return { ok: false, message: 'has a port outside 1-65535' };
  let username: string;
  let pathname: string;
  try {
    username = decodeURIComponent(url.username);
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { ok: false, message: 'has a malformed %-escape' };
  }
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const path = remotePath(pathname);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    ok: true,
    location: { kind: 'sftp', host, port, username, path, url: `sftp://${url.username}@${shownHost}:${port}${url.pathname === '' ? '/' : url.pathname}` },
  };
}

/**
 * The URL's path as the SFTP server takes it: `/~/x` relative to the login folder; `''`, `/` and
 * `/~` the login folder itself (a panel's chrooted SFTP shows the server root there, and the
 * file system's root is never a save); anything else absolute.
 */
function remotePath(pathname: string): string {
  if (pathname === '' || pathname === '/' || pathname === '/~' || pathname === '/~/') return '.';
  if (pathname.startsWith('/~/')) return pathname.slice(3).replace(/\/+$/, '') || '.';
  return pathname.replace(/\/+$/, '') || '/';
}

/**
 * The text of a location with any password in a URL masked, for an error message that echoes
 * what was given.
 *
 * @example
 * redactLocation('sftp://mc:hunter2@host/'); // 'sftp://mc:***@host/'
 */
export function redactLocation(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*):[^@/]*@/i, '$1:***@');
}
