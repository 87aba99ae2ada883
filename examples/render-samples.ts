// Renders the sample PNGs committed beside this file: a badge, a Java card and a Bedrock card.
//   node --conditions=source --import tsx examples/render-samples.ts [outDir]
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { badge, playerCard, resolveColor, type PlayerCardData } from '@blockstats/svg';
import { toPng } from '@blockstats/svg/png';
import { BEDROCK_PLAYER, JAVA_PLAYER } from '../packages/svg/test/card-data.js';

const outDir = resolve(process.argv[2] ?? fileURLToPath(new URL('.', import.meta.url)));

// The test suite's sample players; the Bedrock sample shows a few medals.
const java = JAVA_PLAYER;
const bedrock: PlayerCardData = { ...BEDROCK_PLAYER, medals: { gold: 0, silver: 1, bronze: 4 } };

const samples: Array<[string, string]> = [
  ['badge.png', badge({ label: 'Blockville', message: '3/20 online', color: resolveColor('green', 'blue') })],
  ['card-java.png', playerCard(java)],
  ['card-bedrock.png', playerCard(bedrock)],
];

await mkdir(outDir, { recursive: true });
for (const [file, svg] of samples) {
  const path = join(outDir, file);
  await writeFile(path, await toPng(svg, { scale: 2 }));
  console.log(`wrote ${path}`);
}
