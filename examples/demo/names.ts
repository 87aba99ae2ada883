import type { Random } from './random.js';

// Player names in the styles a community server actually sees. Java names: 3-16 characters of
// [A-Za-z0-9_]. Bedrock gamertags may contain spaces; Floodgate turns them into `.` + the gamertag
// with spaces replaced by `_` (NOTES 4), and we keep that within Java's 16 characters.

const FIRST = [
  'Amber', 'Ash', 'Birch', 'Blaze', 'Bramble', 'Brick', 'Cinder', 'Clover', 'Cobalt', 'Comet',
  'Copper', 'Coral', 'Crafty', 'Creeper', 'Crimson', 'Crystal', 'Dark', 'Dawn', 'Drift', 'Dusk',
  'Ember', 'Ender', 'Fable', 'Fern', 'Flint', 'Frost', 'Ghost', 'Glow', 'Granite', 'Gravel',
  'Hazel', 'Honey', 'Iron', 'Ivy', 'Jade', 'Jolly', 'Kelp', 'Lava', 'Lazy', 'Lucky', 'Lunar',
  'Maple', 'Mossy', 'Mystic', 'Nether', 'Nova', 'Oak', 'Onyx', 'Pixel', 'Quartz', 'Rapid',
  'Raven', 'Redstone', 'Rusty', 'Sandy', 'Shadow', 'Silent', 'Sky', 'Slime', 'Sneaky', 'Solar',
  'Spruce', 'Storm', 'Sunny', 'Swift', 'Thunder', 'Tiny', 'Turbo', 'Velvet', 'Wild', 'Willow',
];

const SECOND = [
  'Archer', 'Badger', 'Bear', 'Bee', 'Blade', 'Builder', 'Bunny', 'Cat', 'Crafter', 'Digger',
  'Dragon', 'Duck', 'Falcon', 'Farmer', 'Fox', 'Gamer', 'Golem', 'Hawk', 'Hunter', 'Knight',
  'Lynx', 'Mage', 'Miner', 'Moth', 'Ninja', 'Otter', 'Owl', 'Panda', 'Pickaxe', 'Pilot',
  'Raccoon', 'Ranger', 'Rider', 'Rogue', 'Sage', 'Scout', 'Shark', 'Smith', 'Sparrow', 'Tiger',
  'Toast', 'Trader', 'Walker', 'Wizard', 'Wolf', 'Wren',
];

const GIVEN = [
  'alex', 'anna', 'ben', 'chloe', 'dan', 'eli', 'emma', 'finn', 'hana', 'ivan', 'jonas', 'kai',
  'lars', 'lea', 'leo', 'lina', 'luca', 'maja', 'max', 'mia', 'nico', 'noah', 'olle', 'paul',
  'rosa', 'sam', 'sofia', 'theo', 'tom', 'yara', 'zoe',
];

const TAIL = ['', '', '', '_', 'YT', 'MC', 'TV', 'HD', 'x', 'z', 'Plays', 'Live'];

function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A Java Edition name, at most 16 characters. */
export function javaName(rng: Random): string {
  const style = rng.int(0, 9);
  let name: string;
  if (style <= 3) name = rng.pick(FIRST) + rng.pick(SECOND) + rng.pick(TAIL);
  else if (style <= 5) name = `${rng.pick(FIRST)}_${rng.pick(SECOND)}`;
  else if (style === 6) name = rng.pick(GIVEN) + (rng.chance(0.5) ? '_' : '') + rng.int(1, 2012);
  else if (style === 7) name = capital(rng.pick(GIVEN)) + rng.pick(SECOND) + rng.int(1, 99);
  else if (style === 8) name = `xX${rng.pick(FIRST)}Xx`;
  else name = (rng.pick(FIRST) + rng.pick(SECOND)).toLowerCase() + rng.int(0, 999);
  return name.slice(0, 16);
}

/** A Bedrock gamertag (may hold one space), short enough that `.` + it fits 16 characters. */
export function bedrockGamertag(rng: Random): string {
  const style = rng.int(0, 3);
  let tag: string;
  if (style === 0) tag = `${rng.pick(FIRST)} ${rng.pick(SECOND)}`;
  else if (style === 1) tag = `${rng.pick(FIRST)}${rng.pick(SECOND)}${rng.int(10, 9999)}`;
  else if (style === 2) tag = `${capital(rng.pick(GIVEN))} ${rng.int(100, 99999)}`;
  else tag = `${rng.pick(SECOND)}${rng.int(1000, 99999)}`;
  return tag.slice(0, 15).trimEnd();
}

/** The Java-side name Floodgate gives a Bedrock player (username-prefix ".", replace-spaces). */
export function floodgateName(gamertag: string, prefix = '.'): string {
  return prefix + gamertag.replaceAll(' ', '_');
}
