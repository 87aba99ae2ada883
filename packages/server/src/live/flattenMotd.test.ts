import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { flattenMotd, stripLegacyCodes } from './flattenMotd.js';
import { javaStatusBungee, javaStatusComponent, javaStatusLegacy } from './testing/samples.js';

describe('flattenMotd(description)', () => {
  const cases: Array<[string, unknown, string]> = [
    ['vanilla component: bare-string extra and \\n kept', javaStatusComponent.description, 'My Server\nLegacy codes still appear in text'],
    ['legacy § string', javaStatusLegacy.description, 'A Minecraft Server - welcome'],
    ['proxy text:"" with extra[] and a hex colour', javaStatusBungee.description, '   [ Example Games ] hex colour (1.16+)'],
    ['plain string', 'A Minecraft Server', 'A Minecraft Server'],
    ['root array', ['Hello', { text: ', ' }, ['world']], 'Hello, world'],
    ['translate with positional and sequential args', { translate: '%2$s beats %1$s (%s%%)', with: ['Alex', { text: 'Steve' }] }, 'Steve beats Alex (Alex%)'],
    ['translate with fallback', { translate: 'my.key', fallback: 'Welcome %s', with: ['home'] }, 'Welcome home'],
    ['translate without with', { translate: 'multiplayer.status.cannot_connect' }, 'multiplayer.status.cannot_connect'],
    ['translate args are components with extra', { translate: '%s!', with: [{ text: 'a', extra: ['b'] }] }, 'ab!'],
    ['missing translate argument', { translate: '%s and %s', with: ['one'] }, 'one and '],
    ['score, selector, keybind', [{ score: { name: 'x', objective: 'o', value: '42' } }, { selector: '@p' }, { keybind: 'key.jump' }], '42@pkey.jump'],
    ['nested extra', { text: 'a', extra: [{ text: 'b', extra: [{ text: 'c', extra: ['d'] }] }] }, 'abcd'],
    ['§x hex run', '§x§f§f§8§8§0§0Orange §lbold§r text', 'Orange bold text'],
    ['upper-case codes', '§AGreen§R §KX', 'Green X'],
    ['codes split across components', [{ text: '§' }, { text: 'aGreen' }], 'Green'],
    ['trailing lone §', 'Cost 5§', 'Cost 5'],
    ['§ before a newline keeps the line break', 'one§\ntwo', 'one\ntwo'],
    ['CRLF normalised', 'one\r\ntwo', 'one\ntwo'],
    ['numbers and booleans', { text: 5, extra: [true] }, '5true'],
    ['null, undefined and junk', [null, undefined, { color: 'red' }, 7n], ''],
    ['non-array extra ignored', { text: 'x', extra: 'y' }, 'x'],
    ['emoji after § stays whole', '§a😀 hi', '😀 hi'],
  ];
  for (const [title, input, expected] of cases) {
    it(title, () => assert.equal(flattenMotd(input), expected));
  }

  it('survives absurd nesting without a stack overflow', () => {
    let node: unknown = 'deep';
    for (let i = 0; i < 10_000; i++) node = { text: '', extra: [node] };
    assert.equal(flattenMotd(node), '');
    assert.equal(flattenMotd({ text: 'top', extra: [node] }), 'top');
  });

  it('cuts a huge MOTD to 1,024 characters', () => {
    const motd = flattenMotd({ text: 'x'.repeat(100_000), extra: ['y'.repeat(100_000)] });
    assert.equal(motd.length, 1_024);
    assert.ok(motd.endsWith('…'));
    assert.equal(flattenMotd('z'.repeat(50), 10), `${'z'.repeat(9)}…`);
  });

  it('stops translate arguments that repeat themselves exponentially', () => {
    // 2^60 copies of "ab" if expanded: bounded output, bounded work.
    let node: unknown = 'ab';
    for (let i = 0; i < 60; i++) node = { translate: '%1$s%1$s', with: [node] };
    const motd = flattenMotd(node);
    assert.equal(motd.length, 1_024);
    // Nothing printed, nothing visited forever either.
    let empty: unknown = '';
    for (let i = 0; i < 60; i++) empty = { translate: '%1$s%1$s%1$s', with: [empty] };
    assert.equal(flattenMotd(empty), '');
  });

  it('never cuts a surrogate pair in two', () => {
    const motd = flattenMotd('😀'.repeat(2_000));
    assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(motd), 'no lone high surrogate');
  });
});

describe('stripLegacyCodes(text)', () => {
  it('strips colour and style codes only', () => assert.equal(stripLegacyCodes('§6Gold§r and 100%'), 'Gold and 100%'));
});
