import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { ConfigError, type ConfigIssue } from '../reference/ConfigError.js';
import type { ReferenceConfigFile } from '../reference/configSchema.js';
import type { SftpCredentials } from './connectSftp.js';
import type { HostKeyPins } from './hostKeyVerifier.js';

/** The `sftp` section resolved: secrets read, defaults filled in. */
export interface SftpSettings {
  credentials: SftpCredentials;
  hostKeys: HostKeyPins;
  /** Longest wait for the handshake or any one request (ms). */
  timeoutMs: number;
  /** Files copied at once. */
  filesInFlight: number;
}

/**
 * ssh2, loaded by the first configuration that has a key to read: a server without SFTP never
 * loads it (1.5 MB of heap, and 16 MB of external memory for its Poly1305 module that V8 counts
 * towards its collections though little of it is ever touched).
 */
function loadSsh2(): typeof import('ssh2') {
  return createRequire(import.meta.url)('ssh2') as typeof import('ssh2');
}

/** Defaults of the `sftp` keys. */
export const DEFAULT_SFTP = Object.freeze({
  timeoutMs: 30_000,
  filesInFlight: 8,
  passwordEnv: 'BLOCKSTATS_SFTP_PASSWORD',
  passphraseEnv: 'BLOCKSTATS_SFTP_PASSPHRASE',
});

type SftpSection = NonNullable<ReferenceConfigFile['sftp']>;

/**
 * Resolves the configuration's `sftp` section (or, without one, the `BLOCKSTATS_SFTP_*`
 * variables: `_KEY`, `_PASSPHRASE`, `_PASSWORD`, `_HOST_KEY`, `_KNOWN_HOSTS`) into what a
 * connection needs, reading the key, password and known_hosts files now. Throws a
 * {@link ConfigError} naming the key when a file cannot be read, a variable named is unset, the
 * key does not decrypt, or nothing would authenticate or pin the host key: at start, not at the
 * first pull. No message holds a secret.
 */
export function sftpSettings(section: SftpSection | undefined, env: Record<string, string | undefined>, file: string | null = null): SftpSettings {
  const issues: ConfigIssue[] = [];
  const read = (key: string, path: string): string | null => {
    try {
      return readFileSync(path, 'utf8');
    } catch (error) {
      issues.push({ key, message: `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` });
      return null;
    }
  };
  const secret = (fileKey: string, path: string | undefined, envKey: string, name: string | undefined, fallback: string): string | undefined => {
    if (path !== undefined) return read(`sftp.${fileKey}`, path)?.replace(/\r?\n$/, '') ?? undefined;
    const variable = name ?? fallback;
    const value = env[variable];
    if (name !== undefined && (value === undefined || value === '')) issues.push({ key: `sftp.${envKey}`, message: `the environment variable ${variable} is not set` });
    return value === '' ? undefined : value;
  };
  const keyPath = section?.private_key ?? env.BLOCKSTATS_SFTP_KEY;
  const privateKey = keyPath === undefined ? undefined : read('sftp.private_key', keyPath) ?? undefined;
  const passphrase = secret('passphrase_file', section?.passphrase_file, 'passphrase_env', section?.passphrase_env, DEFAULT_SFTP.passphraseEnv);
  const password = secret('password_file', section?.password_file, 'password_env', section?.password_env, DEFAULT_SFTP.passwordEnv);
  if (privateKey !== undefined) {
    const parsed = loadSsh2().utils.parseKey(privateKey, passphrase);
    if (parsed instanceof Error) {
      issues.push({ key: 'sftp.private_key', message: /passphrase|decrypt|encrypted/i.test(parsed.message) ? `${keyPath} is encrypted and the passphrase is missing or wrong` : `${keyPath} is not a private key ssh2 can use (${parsed.message})` });
    }
  }
  if (privateKey === undefined && password === undefined && !issues.some((i) => i.key.startsWith('sftp.'))) {
    issues.push({ key: 'sftp', message: `no way to log in: give sftp.private_key, or a password in sftp.password_file or the environment variable ${section?.password_env ?? DEFAULT_SFTP.passwordEnv}` });
  }
  const sha256 = section?.host_key_sha256 ?? (env.BLOCKSTATS_SFTP_HOST_KEY ? env.BLOCKSTATS_SFTP_HOST_KEY.split(',') : undefined);
  const knownHostsPath = section?.known_hosts ?? env.BLOCKSTATS_SFTP_KNOWN_HOSTS;
  let knownHosts = knownHostsPath === undefined ? undefined : read('sftp.known_hosts', knownHostsPath) ?? undefined;
  if (sha256 === undefined && knownHostsPath === undefined) {
    // As ssh itself: the user's known_hosts, when there is one.
    try {
      knownHosts = readFileSync(join(env.HOME || homedir(), '.ssh', 'known_hosts'), 'utf8');
    } catch {
      issues.push({ key: 'sftp', message: 'no way to check the server\'s host key: give sftp.host_key_sha256 (ssh-keygen -lf on the server\'s key, or the panel\'s fingerprint) or sftp.known_hosts' });
    }
  }
  if (issues.length > 0) throw new ConfigError(file, issues);
  return {
    credentials: { ...(privateKey !== undefined ? { privateKey: Buffer.from(privateKey) } : {}), ...(passphrase !== undefined ? { passphrase } : {}), ...(password !== undefined ? { password } : {}) },
    hostKeys: { ...(sha256 ? { sha256 } : {}), ...(knownHosts !== undefined ? { knownHosts } : {}) },
    timeoutMs: section?.timeout ?? DEFAULT_SFTP.timeoutMs,
    filesInFlight: section?.files_in_flight ?? DEFAULT_SFTP.filesInFlight,
  };
}
