/**
 * A real OpenSSH `sshd` (Debian packages `openssh-server` and `openssh-client` for ssh-keygen)
 * for the SFTP tests: its own config, host keys and authorized_keys in a temporary folder, on a
 * free port of 127.0.0.1, in the foreground (`-D -e`). It can be stopped and started again on
 * the same port, with the same or a new host key. When it cannot start, the reason comes back,
 * for a loud skip (an error under CI).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.js';

const SSHD = '/usr/sbin/sshd';

export interface SshServer {
  port: number;
  user: string;
  /** The client's private key file (ed25519, no passphrase), authorised. */
  clientKey: string;
  /** A second private key file the server does not authorise. */
  otherKey: string;
  /** `SHA256:…` of the current host key. */
  fingerprint(): string;
  /** A known_hosts file listing the current host key for 127.0.0.1:port. */
  knownHosts(): string;
  /** Stops sshd (its sessions end too). */
  stop(): Promise<void>;
  /** Starts it again on the same port; `newHostKey` replaces the host key first. */
  start(options?: { newHostKey?: boolean }): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

function keygen(file: string): void {
  rmSync(file, { force: true });
  rmSync(`${file}.pub`, { force: true });
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'blockstats-test', '-f', file], { stdio: 'ignore' });
}

/** The pids whose parent is `parent` (Linux: from /proc/<pid>/stat). */
function childPids(parent: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) pids.push(Number(name));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

/** Waits for sshd's "Server listening" line; rejects when it exits first. */
function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`sshd did not start listening within 20 s:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Server listening on/.test(output)) {
        clearTimeout(timer);
        child.stderr!.off('data', onData);
        child.stderr!.resume();
        resolve();
      }
    };
    child.stderr!.on('data', onData);
    child.once('error', (error) => { clearTimeout(timer); reject(error); });
    child.once('exit', (code, signal) => { clearTimeout(timer); reject(new Error(`sshd exited (${code ?? signal}) before listening:\n${output}`)); });
  });
}

/** Starts sshd, or says why it cannot. */
export async function startSshServer(): Promise<SshServer | { unavailable: string }> {
  if (!existsSync(SSHD)) return { unavailable: `${SSHD} is not installed (apt-get install -y openssh-server openssh-client)` };
  const dir = mkdtempSync(join(tmpdir(), 'blockstats-sshd-'));
  try {
    const hostKey = join(dir, 'host_ed25519');
    const clientKey = join(dir, 'client_ed25519');
    const otherKey = join(dir, 'other_ed25519');
    keygen(hostKey);
    keygen(clientKey);
    keygen(otherKey);
    writeFileSync(join(dir, 'authorized_keys'), readFileSync(`${clientKey}.pub`));
    // Privilege separation needs this folder; a fresh container may not have it.
    mkdirSync('/run/sshd', { recursive: true });
    const port = await freePort();
    const config = join(dir, 'sshd_config');
    writeFileSync(config, [
      `Port ${port}`, 'ListenAddress 127.0.0.1', `HostKey ${hostKey}`, `PidFile ${join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`, 'StrictModes no', 'UsePAM no', 'PermitRootLogin yes',
      'PasswordAuthentication yes', 'KbdInteractiveAuthentication no', 'Subsystem sftp internal-sftp', 'LogLevel ERROR', 'MaxStartups 100',
    ].join('\n') + '\n');
    let child: ChildProcess | null = null;
    const start = async (options: { newHostKey?: boolean } = {}): Promise<void> => {
      if (options.newHostKey) keygen(hostKey);
      const c = spawn(SSHD, ['-D', '-e', '-f', config, '-o', 'LogLevel=INFO'], { stdio: ['ignore', 'ignore', 'pipe'] });
      await ready(c);
      child = c;
    };
    const stop = async (): Promise<void> => {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
      // Each session runs in a process of its own (its own session id), which outlives the
      // listener: ended first, by pid, as a host going down ends every connection.
      for (const pid of childPids(c.pid!)) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      c.kill('SIGTERM');
      const timer = setTimeout(() => c.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    };
    await start();
    const fingerprint = (): string => execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${hostKey}.pub`], { encoding: 'utf8' }).split(' ')[1]!;
    return {
      port,
      user: userInfo().username,
      clientKey,
      otherKey,
      fingerprint,
      knownHosts: () => {
        const file = join(dir, 'known_hosts');
        const [type, key] = readFileSync(`${hostKey}.pub`, 'utf8').split(' ');
        writeFileSync(file, `# test\n[127.0.0.1]:${port} ${type} ${key}\n`);
        return file;
      },
      stop,
      start,
      async close() {
        await stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { unavailable: `sshd could not start: ${(error as Error).message}` };
  }
}

/** sshd for a test file, or the reason its tests skip, said loudly. Under CI it must start. */
export async function sshForTests(): Promise<{ ssh: SshServer; skip: false } | { ssh: null; skip: string }> {
  const started = await startSshServer();
  if (!('unavailable' in started)) return { ssh: started, skip: false };
  if (process.env.CI) throw new Error(`the SFTP tests need a real sshd: ${started.unavailable}`);
  process.stderr.write(`\n*** SKIPPED: the SFTP tests did not run: ${started.unavailable} ***\n\n`);
  return { ssh: null, skip: started.unavailable };
}
