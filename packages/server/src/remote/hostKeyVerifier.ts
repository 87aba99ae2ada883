import { createHash, createHmac } from 'node:crypto';

/** How an SFTP server's host key is checked: pinned fingerprints and/or a known_hosts file's text. */
export interface HostKeyPins {
  /** `SHA256:…` fingerprints as `ssh-keygen -lf` prints them (the `SHA256:` and trailing `=` optional). */
  sha256?: readonly string[];
  /** The text of an OpenSSH known_hosts file (plain or hashed host names). */
  knownHosts?: string;
}

/** The verdict on a host key: accepted, or why it is refused (names the key's fingerprint, never a secret). */
export type HostKeyVerdict = { ok: true } | { ok: false; reason: string };

/**
 * The SHA-256 fingerprint of a raw SSH public key blob, as OpenSSH prints it.
 *
 * @example
 * fingerprintOf(blob); // 'SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8'
 */
export function fingerprintOf(blob: Uint8Array): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

/** A fingerprint as given, normalised to `SHA256:<base64 without padding>`. */
export function normaliseFingerprint(text: string): string {
  return `SHA256:${text.trim().replace(/^SHA256:/i, '').replace(/=+$/, '')}`;
}

/**
 * Checks a server's host key against what was pinned: accepted when its fingerprint is one of
 * `sha256`, or when `knownHosts` lists that very key for the host. Refused when nothing pins it
 * (an unknown host is never trusted on first use: the save's credentials would go to whoever
 * answers) or when the known key differs (changed: possibly someone in between), and when
 * known_hosts marks it `@revoked`.
 *
 * @example
 * verifyHostKey(blob, 'panel.example.net', 2022, { sha256: ['SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8'] });
 * // { ok: true }
 */
export function verifyHostKey(blob: Uint8Array, host: string, port: number, pins: HostKeyPins): HostKeyVerdict {
  const fingerprint = fingerprintOf(blob);
  const key = Buffer.from(blob).toString('base64');
  const entries = pins.knownHosts === undefined ? [] : knownHostsEntries(pins.knownHosts).filter((entry) => hostMatches(entry.hosts, host, port));
  if (entries.some((entry) => entry.marker === '@revoked' && entry.key === key)) {
    return { ok: false, reason: `the host key of ${host}:${port} (${fingerprint}) is marked @revoked in known_hosts` };
  }
  if (pins.sha256?.some((pin) => normaliseFingerprint(pin) === fingerprint)) return { ok: true };
  if (entries.some((entry) => entry.marker === null && entry.key === key)) return { ok: true };
  const known = (pins.sha256?.length ?? 0) > 0 || entries.some((entry) => entry.marker === null);
  return {
    ok: false,
    reason: known
      ? `the host key of ${host}:${port} changed: it is now ${fingerprint}, which is not the key pinned (sftp.host_key_sha256 or known_hosts); refusing to connect`
      : `the host key of ${host}:${port} (${fingerprint}) is unknown: pin it with sftp.host_key_sha256 or add it to a known_hosts file (sftp.known_hosts); refusing to connect`,
  };
}

interface KnownHostsEntry {
  marker: '@revoked' | '@cert-authority' | null;
  hosts: string;
  /** The key blob, base64. */
  key: string;
}

/** The entries of a known_hosts file (comments, blank and malformed lines left out). */
function knownHostsEntries(text: string): KnownHostsEntry[] {
  const entries: KnownHostsEntry[] = [];
  for (const line of text.split(/\r?\n/)) {
    const fields = line.trim().split(/\s+/);
    if (fields[0] === undefined || fields[0] === '' || fields[0].startsWith('#')) continue;
    const marker = fields[0] === '@revoked' || fields[0] === '@cert-authority' ? fields.shift() as KnownHostsEntry['marker'] : null;
    const [hosts, , key] = fields;
    if (hosts === undefined || key === undefined) continue;
    entries.push({ marker, hosts, key });
  }
  return entries;
}

/** Whether a known_hosts host field (`a,b`, `[a]:2022`, `*.x`, `!y`, `|1|salt|hash`) names the host. */
function hostMatches(field: string, host: string, port: number): boolean {
  const name = port === 22 ? host : `[${host}]:${port}`;
  if (field.startsWith('|1|')) {
    const [, , salt, hash] = field.split('|');
    if (salt === undefined || hash === undefined) return false;
    return createHmac('sha1', Buffer.from(salt, 'base64')).update(name).digest('base64') === hash;
  }
  let matched = false;
  for (const pattern of field.split(',')) {
    const negated = pattern.startsWith('!');
    if (!globMatches(negated ? pattern.slice(1) : pattern, name)) continue;
    if (negated) return false;
    matched = true;
  }
  return matched;
}

/** OpenSSH's host patterns: `*` any run of characters, `?` one; case-insensitive. */
function globMatches(pattern: string, name: string): boolean {
  const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${source}$`, 'i').test(name);
}
