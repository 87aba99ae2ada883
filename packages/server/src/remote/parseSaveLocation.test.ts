import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSaveLocation, redactLocation } from './parseSaveLocation.js';

describe('parseSaveLocation(text, cwd)', () => {
  const sftp = [
    ['sftp://mc.1a2b3c4d@panel.example.net:2022/', { host: 'panel.example.net', port: 2022, username: 'mc.1a2b3c4d', path: '.', url: 'sftp://mc.1a2b3c4d@panel.example.net:2022/' }],
    ['sftp://mc@host', { host: 'host', port: 22, username: 'mc', path: '.', url: 'sftp://mc@host:22/' }],
    ['sftp://mc@host/srv/minecraft/', { host: 'host', port: 22, username: 'mc', path: '/srv/minecraft', url: 'sftp://mc@host:22/srv/minecraft/' }],
    ['sftp://mc@host:2222/~/server', { host: 'host', port: 2222, username: 'mc', path: 'server', url: 'sftp://mc@host:2222/~/server' }],
    ['sftp://mc@[::1]:2022/srv/my%20server', { host: '::1', port: 2022, username: 'mc', path: '/srv/my server', url: 'sftp://mc@[::1]:2022/srv/my%20server' }],
    ['SFTP://user%40corp@host/x', { host: 'host', port: 22, username: 'user@corp', path: '/x', url: 'sftp://user%40corp@host:22/x' }],
  ] as const;
  for (const [text, expected] of sftp) {
    it(`${text} is an SFTP location`, () => {
      assert.deepEqual(parseSaveLocation(text, '/'), { ok: true, location: { kind: 'sftp', ...expected } });
    });
  }

  it('a path is local, resolved against cwd', () => {
    assert.deepEqual(parseSaveLocation('srv/mc', '/home/me'), { ok: true, location: { kind: 'local', path: '/home/me/srv/mc' } });
    assert.deepEqual(parseSaveLocation('/srv/mc/', '/home/me'), { ok: true, location: { kind: 'local', path: '/srv/mc' } });
    assert.deepEqual(parseSaveLocation('sftp-backups', '/x'), { ok: true, location: { kind: 'local', path: '/x/sftp-backups' } });
  });

  const bad = [
    ['', /is empty/],
    ['sftp://host/srv', /names no user/],
    ['sftp://mc:hunter2@host/srv', /holds a password/],
    ['sftp://mc@host:0/srv', /outside 1-65535/],
    ['sftp://mc@host:70000/srv', /not a valid URL/],
    ['sftp://mc@host/srv?x=1', /\?query or #fragment/],
    ['sftp://mc@/srv', /not a valid URL|names no host/],
    ['ftp://mc@host/srv', /ftp:\/\/ is not supported/],
    ['https://panel.example.net/', /https:\/\/ is not supported/],
  ] as const;
  for (const [text, message] of bad) {
    it(`${JSON.stringify(text)} is refused`, () => {
      const result = parseSaveLocation(text, '/');
      assert.equal(result.ok, false);
      assert.match((result as { message: string }).message, message);
      assert.ok(!(result as { message: string }).message.includes('hunter2'));
    });
  }
});

describe('redactLocation(text)', () => {
  it('masks a password, and only that', () => {
    assert.equal(redactLocation('sftp://mc:hunter2@host:22/srv'), 'sftp://mc:***@host:22/srv');
    assert.equal(redactLocation('sftp://mc@host:22/srv'), 'sftp://mc@host:22/srv');
    assert.equal(redactLocation('/srv/a:b@c'), '/srv/a:b@c');
  });
});
