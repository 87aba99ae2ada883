import assert from 'node:assert/strict';
import { createHash, createHmac, generateKeyPairSync } from 'node:crypto';
import { describe, it } from 'node:test';
import { fingerprintOf, normaliseFingerprint, verifyHostKey } from './hostKeyVerifier.js';

/** An ssh-ed25519 public key blob (string type, string key) from a fresh key pair. */
function ed25519Blob(): Buffer {
  const raw = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const field = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, b.length]), b]);
  return Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]);
}
const line = (hosts: string, blob: Buffer) => `${hosts} ssh-ed25519 ${blob.toString('base64')}`;
const hashed = (name: string) => {
  const salt = Buffer.from('0123456789abcdef0123');
  return `|1|${salt.toString('base64')}|${createHmac('sha1', salt).update(name).digest('base64')}`;
};

describe('verifyHostKey(blob, host, port, pins)', () => {
  const key = ed25519Blob();
  const other = ed25519Blob();

  it('fingerprints as ssh-keygen -lf prints them', () => {
    assert.equal(fingerprintOf(key), `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`);
    assert.equal(normaliseFingerprint(`${fingerprintOf(key).slice(7)}=`), fingerprintOf(key));
  });

  const accepted = [
    ['a pinned fingerprint', { sha256: [fingerprintOf(other), fingerprintOf(key)] }],
    ['a pinned fingerprint without its prefix', { sha256: [fingerprintOf(key).slice(7)] }],
    ['known_hosts, [host]:port', { knownHosts: `# comment\n\n${line('[panel.example.net]:2022', key)}\n` }],
    ['known_hosts, one of several names', { knownHosts: line('other.example.net,[panel.example.net]:2022', key) }],
    ['known_hosts, a wildcard', { knownHosts: line('[*.example.net]:2022', key) }],
    ['known_hosts, a hashed name', { knownHosts: line(hashed('[panel.example.net]:2022'), key) }],
  ] as const;
  for (const [what, pins] of accepted) {
    it(`accepts ${what}`, () => assert.deepEqual(verifyHostKey(key, 'panel.example.net', 2022, pins), { ok: true }));
  }

  const refused = [
    ['nothing pinned', {}, /is unknown/],
    ['a host known_hosts does not list', { knownHosts: line('[panel.example.net]:22', key) }, /is unknown/],
    ['a negated name', { knownHosts: line('[*.example.net]:2022,![panel.example.net]:2022', key) }, /is unknown/],
    ['another pinned fingerprint', { sha256: [fingerprintOf(other)] }, /changed: it is now SHA256:/],
    ['another key in known_hosts', { knownHosts: line('[panel.example.net]:2022', other) }, /changed: it is now SHA256:/],
    ['a revoked key', { sha256: [fingerprintOf(key)], knownHosts: `@revoked ${line('*', key)}` }, /@revoked/],
  ] as const;
  for (const [what, pins, reason] of refused) {
    it(`refuses ${what}`, () => {
      const verdict = verifyHostKey(key, 'panel.example.net', 2022, pins);
      assert.equal(verdict.ok, false);
      assert.match((verdict as { reason: string }).reason, reason);
      assert.ok((verdict as { reason: string }).reason.includes(fingerprintOf(key)));
    });
  }
});
