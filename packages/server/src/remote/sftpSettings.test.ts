import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import ssh2 from 'ssh2';
import { ConfigError } from '../reference/ConfigError.js';
import { validateConfig } from '../reference/validateConfig.js';
import { sftpSettings } from './sftpSettings.js';

const dir = mkdtempSync(join(tmpdir(), 'blockstats-sftp-settings-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const plainKey = file('plain', ssh2.utils.generateKeyPairSync('ed25519').private);
const lockedKey = file('locked', ssh2.utils.generateKeyPairSync('ed25519', { passphrase: 'open sesame', cipher: 'aes256-ctr', rounds: 4 }).private);
const pin = 'SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8';
const noHome = { HOME: dir };

describe('sftpSettings(section, env)', () => {
  it('reads the key, the passphrase from its variable, and the pin', () => {
    const settings = sftpSettings({ private_key: lockedKey, passphrase_env: 'PANEL_PASSPHRASE', host_key_sha256: [pin] }, { ...noHome, PANEL_PASSPHRASE: 'open sesame' });
    assert.equal(settings.credentials.passphrase, 'open sesame');
    assert.ok(settings.credentials.privateKey?.toString().includes('OPENSSH PRIVATE KEY'));
    assert.deepEqual(settings.hostKeys, { sha256: [pin] });
    assert.equal(settings.timeoutMs, 30_000);
    assert.equal(settings.filesInFlight, 8);
  });

  it('takes a password from a file (its final newline dropped) or the default variable', () => {
    assert.equal(sftpSettings({ password_file: file('pw', 'correct horse\n'), host_key_sha256: [pin] }, noHome).credentials.password, 'correct horse');
    assert.equal(sftpSettings(undefined, { ...noHome, BLOCKSTATS_SFTP_PASSWORD: 'battery', BLOCKSTATS_SFTP_HOST_KEY: pin }).credentials.password, 'battery');
  });

  it('without a pin, falls back to ~/.ssh/known_hosts', () => {
    const home = mkdtempSync(join(dir, 'home-'));
    mkdirSync(join(home, '.ssh'));
    writeFileSync(join(home, '.ssh', 'known_hosts'), 'host ssh-ed25519 AAAA\n');
    assert.equal(sftpSettings({ private_key: plainKey }, { HOME: home }).hostKeys.knownHosts, 'host ssh-ed25519 AAAA\n');
  });

  const refused: ReadonlyArray<readonly [string, Parameters<typeof sftpSettings>[0], Record<string, string>, RegExp]> = [
    ['an encrypted key without its passphrase', { private_key: lockedKey, host_key_sha256: [pin] }, {}, /sftp\.private_key: .* is encrypted and the passphrase is missing or wrong/],
    ['a wrong passphrase', { private_key: lockedKey, host_key_sha256: [pin] }, { BLOCKSTATS_SFTP_PASSPHRASE: 'nope' }, /passphrase is missing or wrong/],
    ['a key file that is missing', { private_key: join(dir, 'absent'), host_key_sha256: [pin] }, {}, /sftp\.private_key: cannot read .*absent: ENOENT/],
    ['a named variable that is unset', { password_env: 'PANEL_PASSWORD', host_key_sha256: [pin] }, {}, /sftp\.password_env: the environment variable PANEL_PASSWORD is not set/],
    ['nothing to log in with', { host_key_sha256: [pin] }, {}, /sftp: no way to log in/],
    ['no way to check the host key', { private_key: plainKey }, {}, /sftp: no way to check the server's host key/],
  ];
  for (const [what, section, env, message] of refused) {
    it(`refuses ${what}, saying so at start without the secret`, () => {
      assert.throws(() => sftpSettings(section, { ...noHome, ...env }), (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, message);
        assert.ok(!error.message.includes('open sesame') && !error.message.includes('PRIVATE KEY'));
        return true;
      });
    });
  }
});

describe('validateConfig: server_dir and sftp', () => {
  it('accepts a rented-server configuration', () => {
    const config = validateConfig({ server_dir: 'sftp://mc@panel.example.net:2022/', sftp: { private_key: 'key', host_key_sha256: pin, timeout: '10s', files_in_flight: 4 } });
    assert.deepEqual(config.sftp, { private_key: 'key', host_key_sha256: [pin], timeout: 10_000, files_in_flight: 4 });
  });
  const bad = [
    [{ server_dir: 'sftp://mc:pw@panel/' }, /server_dir: "sftp:\/\/mc:\*\*\*@panel\/" holds a password/],
    [{ server_dir: 'smb://panel/share' }, /server_dir: .*smb:\/\/ is not supported/],
    [{ sftp: { host_key_sha256: 'md5:aa:bb' } }, /sftp\.host_key_sha256: must be a SHA256/],
    [{ sftp: { password: 'inline' } }, /sftp\.password: unknown key/],
    [{ sftp: { password_env: 'not a name' } }, /sftp\.password_env: must be an environment variable name/],
    [{ sftp: { files_in_flight: 0 } }, /sftp\.files_in_flight: must be a whole number from 1 to 64/],
  ] as const;
  for (const [input, message] of bad) {
    it(`refuses ${JSON.stringify(input)}`, () => {
      assert.throws(() => validateConfig(input), (error: unknown) => error instanceof ConfigError && message.test(error.message) && !error.message.includes(':pw@'));
    });
  }
});
