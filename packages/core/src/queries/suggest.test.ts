import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { league } from '../snapshot/testing/league.js';
import { didYouMean } from './did-you-mean.js';
import { suggest } from './suggest.js';

describe('suggest(input, candidates)', () => {
  const cases: Array<[string, string[], string[]]> = [
    ['jumps', ['jump', 'drop', 'fish_caught'], ['jump']],
    ['.PixelPandax', ['PixelPanda', '.PixelPanda', 'Kestrel'], ['.PixelPanda', 'PixelPanda']],
    ['diamond', ['mined_diamond_ore', 'picked_up_diamond', 'jump'], ['mined_diamond_ore', 'picked_up_diamond']],
    ['zzzz', ['jump', 'drop'], []],
    ['', ['jump'], []],
  ];
  for (const [input, candidates, expected] of cases) test(JSON.stringify(input), () => assert.deepEqual(suggest(input, candidates), expected));
});

describe('didYouMean(snapshot, kind, input)', () => {
  const s = league();
  const cases: Array<[Parameters<typeof didYouMean>[1], string, string[]]> = [
    ['player', 'alicee', ['Alice']],
    ['player', 'zzzzzzzz', []],
    ['stat', 'jumps', ['jump']],
    ['stat', 'Jumps', ['jump']],
    ['advancement', 'mine_diamon', ['minecraft:story/mine_diamond']],
    ['advancement', 'Diamonds', ['minecraft:story/mine_diamond']],
  ];
  for (const [kind, input, expected] of cases) {
    test(`${kind} ${JSON.stringify(input)}`, () => assert.deepEqual(didYouMean(s, kind, input).slice(0, expected.length), expected));
  }
});
