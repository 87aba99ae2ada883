// Rewrites the "1 % changed" players of a generated save in a process of its own, as the game
// server (another process) does between two pulls: the measured process then carries none of
// the writer's work or garbage.
// Usage: change-players.ts <save json> <version>   (version 0 restores the generated files)
import { changePlayers, changedPlayers, restorePlayers, type BenchSave } from './generate-save.js';

const [saveJson, versionText] = process.argv.slice(2);
const save = JSON.parse(saveJson ?? 'null') as BenchSave | null;
const version = Number(versionText);
if (!save || !Number.isInteger(version) || version < 0) throw new Error('usage: change-players.ts <save json> <version>');
const changed = changedPlayers(save.players);
if (version === 0) await restorePlayers(save, changed);
else await changePlayers(save, changed, version);
