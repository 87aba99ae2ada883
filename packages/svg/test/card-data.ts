// Sample card data for tests and examples.
import type { PlayerCardData } from '../src/player-card.js';

export const JAVA_PLAYER: PlayerCardData = {
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

export const BEDROCK_PLAYER: PlayerCardData = {
  name: '.BedrockBuilder',
  edition: 'bedrock',
  serverName: 'Blockville SMP',
  playTime: '12 h 4 min',
  advancementsEarned: 23,
  advancementsTotal: 126,
  hallOfFameRank: null,
  medals: { gold: 0, silver: 0, bronze: 0 },
  memberSince: '2023-11-20',
  memberSinceEstimated: true,
};
