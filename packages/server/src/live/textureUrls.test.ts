import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textureUrls } from './textureUrls.js';

const HASH = '1a4af718455d4aab528e7a61f86fa25e6a369d1768dcb13f7df319a713eb810b';

describe('textureUrls(uuid, edition, hash)', () => {
  const cases: Array<[string, Parameters<typeof textureUrls>, ReturnType<typeof textureUrls>]> = [
    ['Java with a known hash', ['8667ba71-b85a-4004-af54-457a9734eed7', 'java', HASH], {
      skin: `https://textures.minecraft.net/texture/${HASH}`,
      head: `https://mc-heads.net/avatar/${HASH}`,
      body: `https://mc-heads.net/body/${HASH}`,
    }],
    ['Java without a hash: by UUID', ['8667BA71-B85A-4004-AF54-457A9734EED7', 'java', null], {
      skin: 'https://mc-heads.net/skin/8667ba71b85a4004af54457a9734eed7',
      head: 'https://mc-heads.net/avatar/8667ba71b85a4004af54457a9734eed7',
      body: 'https://mc-heads.net/body/8667ba71b85a4004af54457a9734eed7',
    }],
    ['Bedrock with a GeyserMC texture id', ['00000000-0000-0000-0009-01f64f65c7c3', 'bedrock', HASH.toUpperCase()], {
      skin: `https://textures.minecraft.net/texture/${HASH}`,
      head: `https://mc-heads.net/avatar/${HASH}`,
      body: `https://mc-heads.net/body/${HASH}`,
    }],
    ['Bedrock without a hash: a generic head that still works', ['00000000-0000-0000-0009-01f64f65c7c3', 'bedrock', null], {
      skin: null,
      head: 'https://mc-heads.net/avatar/MHF_Steve',
      body: 'https://mc-heads.net/body/MHF_Steve',
    }],
    ['a hash that is not hex is never put in a URL', ['00000000-0000-0000-0009-01f64f65c7c3', 'bedrock', '../../evil'], {
      skin: null,
      head: 'https://mc-heads.net/avatar/MHF_Steve',
      body: 'https://mc-heads.net/body/MHF_Steve',
    }],
  ];
  for (const [title, args, expected] of cases) it(title, () => assert.deepEqual(textureUrls(...args), expected));
});
