import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BEDROCK_PLAYER, JAVA_PLAYER } from '../test/card-data.js';
import { byName, elements, parseSvg, textOf, visibleTexts, type XmlElement } from '../test/parse-svg.js';
import { palette } from './palette.js';
import { playerCard, type PlayerCardData } from './player-card.js';
import { textWidth } from './text-width.js';

const accentOf = (svg: XmlElement) => byName(svg, 'rect')[2]?.attrs.fill;

describe('playerCard(data, options)', () => {
  it('shows name, edition, server, member-since line, play time, advancements, rank and medals', () => {
    const texts = visibleTexts(parseSvg(playerCard(JAVA_PLAYER)));
    assert.deepEqual(texts, [
      'Steve_2009',
      'Java',
      'Blockville SMP \u00B7 member since 1 May 2024',
      'PLAY TIME',
      '1,234 h 56 min',
      'ADVANCEMENTS',
      '87 / 126',
      'HALL OF FAME',
      '#3',
      'MEDALS',
      '2 gold',
      '15 silver',
      '1 bronze',
    ]);
  });

  it('speaks another language: its labels (upper-cased in its locale), its counts and dates', () => {
    const labels = { playTime: 'Spielzeit', advancements: 'Fortschritte', hallOfFame: 'Ruhmeshalle', medals: 'Medaillen', gold: 'Gold', silver: 'Silber', bronze: 'Bronze', memberSince: 'dabei seit {date}', playerOn: '{name}, {edition}-Spieler auf {server}.' };
    const svg = parseSvg(playerCard(JAVA_PLAYER, { locale: 'de-DE', labels }));
    const texts = visibleTexts(svg);
    assert.deepEqual(texts.slice(2, 4), ['Blockville SMP \u00B7 dabei seit 1. Mai 2024', 'SPIELZEIT']);
    for (const text of ['FORTSCHRITTE', 'RUHMESHALLE', 'MEDAILLEN', '2 Gold', '15 Silber']) assert.ok(texts.includes(text), text);
    assert.match(svg.attrs['aria-label']!, /Java-Spieler auf .*Blockville SMP.*\. Spielzeit /);
    // Turkish upper-cases a dotted i as İ.
    assert.ok(visibleTexts(parseSvg(playerCard(JAVA_PLAYER, { locale: 'tr-TR', labels: { playTime: 'oynama süresi' } }))).includes('OYNAMA SÜRESİ'));
  });

  it('says "or earlier" for an estimated first-seen date and a dash without a rank', () => {
    const texts = visibleTexts(parseSvg(playerCard(BEDROCK_PLAYER)));
    assert.ok(texts.includes('Bedrock'));
    assert.ok(texts.includes('Blockville SMP \u00B7 member since 20 November 2023 or earlier'));
    assert.ok(texts.includes('\u2014'));
  });

  it('leaves the member-since part out when first_seen is unknown', () => {
    const texts = visibleTexts(parseSvg(playerCard({ ...JAVA_PLAYER, memberSince: null })));
    assert.ok(texts.includes('Blockville SMP'));
  });

  it('is accessible: role="img", aria-label and a matching <title> saying everything', () => {
    const svg = parseSvg(playerCard(JAVA_PLAYER));
    assert.equal(svg.attrs.role, 'img');
    assert.equal(
      svg.attrs['aria-label'],
      'Steve_2009, Java player on Blockville SMP. Play time 1,234 h 56 min. Advancements 87 of 126. ' +
        'Hall of fame rank #3. Medals: 2 gold, 15 silver, 1 bronze. Member since 1 May 2024.',
    );
    assert.equal(textOf(byName(svg, 'title')[0] as XmlElement), svg.attrs['aria-label']);
  });

  const accents: Array<[string, PlayerCardData, string | undefined, string]> = [
    ['Java defaults to blue', JAVA_PLAYER, undefined, palette.blue],
    ['Bedrock defaults to pink', BEDROCK_PLAYER, undefined, palette.pink],
    ['a palette name', JAVA_PLAYER, 'green', palette.green],
    ['a hex value', BEDROCK_PLAYER, '00ff88', '#00ff88'],
    ['resolveColor output', JAVA_PLAYER, '#123456', '#123456'],
    ['a hostile value falls back (Java)', JAVA_PLAYER, '"/><script>', palette.blue],
    ['a hostile value falls back (Bedrock)', BEDROCK_PLAYER, 'url(#x)', palette.pink],
  ];
  for (const [what, data, color, fill] of accents) {
    it(`accent: ${what}`, () => {
      const svg = parseSvg(playerCard(data, color === undefined ? {} : { color }));
      assert.equal(accentOf(svg), fill);
      const pill = byName(svg, 'rect').find((r) => r.attrs.rx === '11');
      assert.equal(pill?.attrs.fill, fill);
    });
  }

  it('brings its own background and border, so it reads on light and dark pages', () => {
    const rects = byName(parseSvg(playerCard(JAVA_PLAYER)), 'rect');
    assert.equal(rects[1]?.attrs.fill, '#161b22');
    assert.ok(rects.some((r) => r.attrs.stroke === '#30363d' && r.attrs.fill === 'none'));
  });

  it('is pure vector: no image, no link, no external reference', () => {
    const svg = parseSvg(playerCard(JAVA_PLAYER));
    for (const e of elements(svg)) {
      assert.ok(!['image', 'a', 'use', 'foreignObject', 'style', 'script'].includes(e.name), e.name);
      for (const [key, value] of Object.entries(e.attrs)) {
        assert.ok(!/href/i.test(key), key);
        if (value.startsWith('url(')) assert.match(value, /^url\(#card\)$/);
      }
    }
  });

  it('fills the progress bar in proportion, and not at all without a total', () => {
    const bar = (data: PlayerCardData) => byName(parseSvg(playerCard(data)), 'rect').filter((r) => r.attrs.height === '4' && r.attrs.rx === '2');
    const [track, fill] = bar(JAVA_PLAYER);
    assert.ok(track && fill);
    assert.ok(Math.abs(Number(fill.attrs.width) / Number(track.attrs.width) - 87 / 126) < 0.01);
    assert.equal(bar({ ...JAVA_PLAYER, advancementsTotal: 0 }).length, 1);
    assert.equal(bar({ ...JAVA_PLAYER, advancementsEarned: 500 })[1]?.attrs.width, track.attrs.width);
  });

  it('shrinks a long value instead of losing digits', () => {
    const svg = parseSvg(playerCard({ ...JAVA_PLAYER, playTime: '12,345 h 59 min 59 s' }));
    const value = byName(svg, 'text').find((t) => textOf(t) === '12,345 h 59 min 59 s');
    assert.ok(value, 'value drawn whole');
    assert.ok(Number(value.attrs['font-size']) < 18);
  });

  it('truncates a long name and server name to their space', () => {
    const svg = parseSvg(playerCard({ ...JAVA_PLAYER, name: 'N'.repeat(500), serverName: 'S'.repeat(500) }));
    const [name, , line] = visibleTexts(svg);
    assert.ok(name?.endsWith('\u2026') && line?.includes('\u2026 \u00B7 member since 1 May 2024'));
    const nameText = byName(svg, 'text')[0] as XmlElement;
    assert.ok(textWidth(name ?? '', { size: Number(nameText.attrs['font-size']), bold: true }) <= 500 - 40);
    assert.equal(svg.attrs.width, '500');
  });

  it('draws counts that are not numbers as "?"', () => {
    const texts = visibleTexts(parseSvg(playerCard({ ...JAVA_PLAYER, advancementsEarned: Number.NaN, medals: { gold: -1, silver: 1, bronze: 2 } })));
    assert.ok(texts.includes('? / 126'));
    assert.ok(texts.includes('? gold'));
  });

  const invalid: Array<[string, () => unknown]> = [
    ['an unknown option', () => playerCard(JAVA_PLAYER, { colour: 'red' } as never)],
    ['an unknown edition', () => playerCard({ ...JAVA_PLAYER, edition: 'pocket' as never })],
    ['missing data', () => playerCard(null as never)],
  ];
  for (const [what, call] of invalid) it(`throws a TypeError for ${what}`, () => assert.throws(call, TypeError));
});
