// Rewrites the "1 % changed" players of a generated save in a process of its own, as the game
// server (another process) does between two pulls: the measured process then carries none of
// the writer's work or garbage.
// Usage: change-players.ts <save json | @file> <version>   (version 0 restores the generated files)
// A network's server (bench/generate/generate-network.ts) comes with its pool `indices`.
import { readFileSync } from 'node:fs';
import { changedNetworkPlayers, type NetworkServerSave } from './generate-network.js';
import { changePlayers, changedPlayers, restorePlayers, type BenchSave } from './generate-save.js';

const [saveArg, versionText] = process.argv.slice(2);
const saveJson = saveArg?.startsWith('@') ? readFileSync(saveArg.slice(1), 'utf8') : saveArg;
const save = JSON.parse(saveJson ?? 'null') as (BenchSave & Partial<NetworkServerSave>) | null;
const version = Number(versionText);
if (!save || !Number.isInteger(version) || version < 0) throw new Error('usage: change-players.ts <save json | @file> <version>');
const changed = save.indices ? changedNetworkPlayers(save as NetworkServerSave) : changedPlayers(save.players);
if (version === 0) await restorePlayers(save, changed);
else await changePlayers(save, changed, version);
