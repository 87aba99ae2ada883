import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseServerProperties } from './parse-server-properties.js';

describe('parseServerProperties(text)', () => {
  const cases: Array<[string, string, Record<string, string>]> = [
    ['vanilla file', '#Minecraft server properties\n#Mon May 01 2024\nlevel-name=world\nserver-port=25565\n', { 'level-name': 'world', 'server-port': '25565' }],
    ['CRLF and blank lines', 'level-name=survival\r\n\r\nmotd=Hi\r\n', { 'level-name': 'survival', motd: 'Hi' }],
    ['empty value', 'level-seed=\n', { 'level-seed': '' }],
    ['colon and spaces as separators', 'a: 1\nb = 2\nc 3\n', { a: '1', b: '2', c: '3' }],
    ['! comments and leading spaces', '! comment\n   level-name=x\n', { 'level-name': 'x' }],
    ['escapes', 'motd=\\u00A7aGreen \\= Server\\tTab\nkey\\:with\\=seps=v\n', { motd: '\u00a7aGreen = Server\tTab', 'key:with=seps': 'v' }],
    ['continuation lines', 'motd=first \\\n    second\n', { motd: 'first second' }],
    ['value containing =', 'motd=a=b\n', { motd: 'a=b' }],
    ['later key wins', 'level-name=a\nlevel-name=b\n', { 'level-name': 'b' }],
    ['byte-order mark', '\uFEFFlevel-name=bom\n', { 'level-name': 'bom' }],
  ];
  for (const [name, text, expected] of cases) {
    it(name, () => assert.deepEqual(parseServerProperties(text), expected));
  }
});
