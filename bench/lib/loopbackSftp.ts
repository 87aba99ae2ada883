import { startSshServer, type SshServer } from '../../packages/server/test/sshServer.js';

// One network server over SFTP on loopback (issue 38's network benchmark): the SFTP tests' own
// harness (packages/server/test/sshServer.ts), a real OpenSSH sshd on a free port of 127.0.0.1
// with its own host and client keys. The save stays where it was generated; `blockstats serve`
// reaches it as `sftp://user@127.0.0.1:port/<dir>`, mirrors it into its data directory (only
// what changed) and reads the mirror, as for a rented server.

/** Starts sshd for the bench, or throws saying why it cannot (no silent fallback to a local read). */
export async function startLoopbackSftp(): Promise<SshServer> {
  const started = await startSshServer();
  if ('unavailable' in started) throw new Error(`one network server is read over SFTP, which needs a real sshd: ${started.unavailable}`);
  return started;
}

/** A save directory as this sshd serves it. */
export function sftpUrl(ssh: SshServer, dir: string): string {
  return `sftp://${ssh.user}@127.0.0.1:${ssh.port}${dir}`;
}

/** The configuration's `sftp` login for this sshd: its client key, its host key pinned. */
export function sftpConfig(ssh: SshServer): Record<string, unknown> {
  return { sftp: { private_key: ssh.clientKey, host_key_sha256: ssh.fingerprint() } };
}
