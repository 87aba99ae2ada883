// Renders the sample PNGs committed beside this file: a badge, a Java card and a Bedrock card.
//   node --conditions=source --import tsx examples/render-samples.ts [outDir]
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { badge, playerCard, resolveColor, toPng, type PlayerCardData } from '@blockstats/svg';

const outDir = resolve(process.argv[2] ?? fileURLToPath(new URL('.', import.meta.url)));

const java: PlayerCardData = {
  name: 'Steve_2009',
  edition: 'java',
  serverName: 'Blockville SMP',
  playTime: '1,234 h 56 min',
  advancementsEarned: 87,
  advancementsTotal: 126,
  hallOfFameRank: 3,
  medals: { gold: 2, silver: 15, bronze: 1 },
  memberSince: '2024-05-01T16:03:11Z',
  memberSinceEstimated: false,
};

const bedrock: PlayerCardData = {
  name: '.BedrockBuilder',
  edition: 'bedrock',
  serverName: 'Blockville SMP',
  playTime: '12 h 4 min',
  advancementsEarned: 23,
  advancementsTotal: 126,
  hallOfFameRank: null,
  medals: { gold: 0, silver: 1, bronze: 4 },
  memberSince: '2023-11-20',
  memberSinceEstimated: true,
};

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
