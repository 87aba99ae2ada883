import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseServerProperties } from '../save/parse-server-properties.js';
import { buildSnapshot } from './build-snapshot.js';
import { defaultServerName } from './server-name.js';
import { NOW, save, tinyStats } from './testing/save-fixture.js';

describe('defaultServerName', () => {
  it('takes the MOTD without its formatting codes, its first line only', () => {
    const properties = parseServerProperties('motd=\\u00A76\\u00A7lHearthvale SMP \\u00A77- a demo\\nline two\nlevel-name=world\n');
    assert.equal(defaultServerName(properties, 'world'), 'Hearthvale SMP - a demo');
    assert.equal(defaultServerName({ motd: '§x§f§f§0§0§0§0Red§r Realm' }, 'world'), 'Red Realm');
  });

  it('falls back to the level name without a MOTD, with the default one, or with codes only', () => {
    assert.equal(defaultServerName({}, 'survival'), 'survival');
    assert.equal(defaultServerName({ motd: 'A Minecraft Server' }, 'survival'), 'survival');
    assert.equal(defaultServerName({ motd: '§6§l  ' }, 'survival'), 'survival');
  });

  it('removes control and format characters and caps a long MOTD', () => {
    assert.equal(defaultServerName({ motd: 'Evil\u202E\u0007 Server' }, 'world'), 'Evil Server');
    const long = defaultServerName({ motd: 'x'.repeat(200) }, 'world');
    assert.equal([...long].length, 64);
    assert.ok(long.endsWith('…'));
  });
});

describe('buildSnapshot names the server', () => {
  it('from the MOTD when no name is configured, from the configuration when one is', () => {
    const withMotd = save([], { serverProperties: { motd: '§aPixel Pals' } });
    const options = { now: NOW, stats: tinyStats };
    const built = buildSnapshot(withMotd, options).server;
    assert.equal(built.name, 'Pixel Pals');
    assert.equal(built.short_name, 'Pixel Pals');
    assert.equal(built.level_name, 'world');
    assert.equal(buildSnapshot(withMotd, { ...options, server: { name: 'Configured' } }).server.name, 'Configured');
    assert.equal(buildSnapshot(save([]), options).server.name, 'world');
  });
});
