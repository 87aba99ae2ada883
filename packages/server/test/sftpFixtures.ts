// What the SFTP tests share: the location and settings of a save on the test's sshd, and a
// logger that keeps its lines.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseSaveLocation, type SftpSaveLocation } from '../src/remote/parseSaveLocation.js';
import type { SftpSettings } from '../src/remote/sftpSettings.js';
import type { LogFields, Logger } from '../src/reference/logger.js';
import type { SshServer } from './sshServer.js';

/** The sshd's folder `remote` as an SFTP location, reached through `port` (the sshd's, or a relay's). */
export function sftpLocation(ssh: SshServer, remote: string, port = ssh.port): SftpSaveLocation {
  const parsed = parseSaveLocation(`sftp://${ssh.user}@127.0.0.1:${port}${remote}`);
  assert.ok(parsed.ok && parsed.location.kind === 'sftp');
  return parsed.location;
}

/** The test client's key, the sshd's host key pinned, a 10 s timeout, 8 files in flight; `over` replaces any. */
export function sftpTestSettings(ssh: SshServer, over: Partial<SftpSettings> = {}): SftpSettings {
  return { credentials: { privateKey: readFileSync(ssh.clientKey) }, hostKeys: { sha256: [ssh.fingerprint()] }, timeoutMs: 10_000, filesInFlight: 8, ...over };
}

/** A logger keeping every line; `syncs()`: the fields of its `sync` lines. */
export function capturedLog(): Logger & { lines: Array<{ event: string; fields: LogFields }>; syncs: () => LogFields[] } {
  const lines: Array<{ event: string; fields: LogFields }> = [];
  return { lines, log: (_level, event, fields = {}) => void lines.push({ event, fields }), syncs: () => lines.filter((l) => l.event === 'sync').map((l) => l.fields) };
}
