// The core of a Discord-style stats bot, on @blockstats/core directly (no HTTP API in between):
// `answer(snapshot, command)` turns a slash command into the message text and, where there is
// one, a PNG player card to attach. Wire it to any chat library:
//
//   client.on('interactionCreate', async (i) => {
//     const { text, png } = await answer(snapshot, `/${i.commandName} ${i.options.getString('q') ?? ''}`);
//     await i.reply({ content: text, files: png ? [{ attachment: png, name: 'card.png' }] : [] });
//   });
//
// Run the tiny demo (reads the generated demo server, prints answers, writes the PNGs):
//
//   node --conditions=source --import tsx examples/discord-bot.ts [SERVER_DIR] ["/top jump"]
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSnapshot, findStat, getPlayerProfile, leaderboard, statCatalogue, type PlayerProfile, type Snapshot } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import { playerCard } from '@blockstats/svg';
import { toPng } from '@blockstats/svg/png';

/** A reply: the message text, and a PNG card to attach (or null). */
export interface Answer {
  text: string;
  png: Buffer | null;
}

/** Medal emoji for the podium; data, not branches. */
const PLACES = ['🥇', '🥈', '🥉'];

/** Chat platforms render Markdown: a name like `__x__` must not turn into formatting. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_~|>#[\]()]/g, '\\$&');
}

/** The player card of a profile, rendered to PNG (what the API's card endpoint draws, as an image). */
async function cardPng(snapshot: Snapshot, profile: PlayerProfile): Promise<Buffer> {
  const svg = playerCard({
    name: profile.name ?? profile.uuid,
    edition: profile.edition,
    serverName: snapshot.server.short_name,
    playTime: profile.play_time.display,
    advancementsEarned: profile.advancements_earned,
    advancementsTotal: profile.advancements_available,
    hallOfFameRank: profile.hall_of_fame_rank,
    medals: profile.medals,
    memberSince: profile.first_seen,
    memberSinceEstimated: profile.first_seen_estimated,
  });
  return toPng(svg);
}

/** `/top <stat> [n]`: the podium and the next places, plus the leader's card. */
async function top(snapshot: Snapshot, args: string[]): Promise<Answer> {
  const [query = '', countText] = args;
  // A stat by id, or by its title ("Jumps" → jump).
  const stat = findStat(query) ?? statCatalogue.find((s) => s.title.toLowerCase() === query.toLowerCase());
  if (!stat) {
    const close = statCatalogue.filter((s) => s.id.includes(query.toLowerCase())).slice(0, 5).map((s) => `\`${s.id}\``);
    return { text: `I don't track a stat called "${escapeMarkdown(query)}".${close.length ? ` Try ${close.join(', ')}.` : ''}`, png: null };
  }
  const count = Math.min(Math.max(Number.parseInt(countText ?? '5', 10) || 5, 1), 10);
  const board = leaderboard(snapshot, stat.id, { limit: count });
  if (!board || board.items.length === 0) return { text: `Nobody has ranked on **${stat.title}** yet.`, png: null };
  const lines = board.items.map((entry) => `${PLACES[entry.rank - 1] ?? `#${entry.rank}`} **${escapeMarkdown(entry.player.name ?? entry.player.uuid)}**: ${entry.display}`);
  const leader = getPlayerProfile(snapshot, board.items[0]!.player.uuid);
  return {
    text: `**${stat.title}**, top ${board.items.length} of ${board.total}\n${lines.join('\n')}`,
    png: leader ? await cardPng(snapshot, leader) : null,
  };
}

/** `/card <player>`: a player's card and a one-line summary. */
async function card(snapshot: Snapshot, args: string[]): Promise<Answer> {
  const who = args.join(' ');
  const profile = who === '' ? null : getPlayerProfile(snapshot, who);
  if (!profile) return { text: `No player "${escapeMarkdown(who)}" on ${escapeMarkdown(snapshot.server.name)}. Use their in-game name or UUID.`, png: null };
  const rank = profile.hall_of_fame_rank === null ? 'no medals yet' : `hall of fame #${profile.hall_of_fame_rank}`;
  return {
    text: `**${escapeMarkdown(profile.name ?? profile.uuid)}**: ${profile.play_time.display} played, ${profile.advancements_earned}/${profile.advancements_available} advancements, ${rank}.`,
    png: await cardPng(snapshot, profile),
  };
}

const COMMANDS: Record<string, (snapshot: Snapshot, args: string[]) => Promise<Answer>> = { top, card };

/**
 * Answers one chat command (`/top jump`, `/top play_time 10`, `/card Steve`) from a snapshot.
 *
 * @example
 * const snapshot = buildSnapshot(await readSave('/srv/minecraft'), { now: Date.now() });
 * const { text, png } = await answer(snapshot, '/top jump');
 */
export async function answer(snapshot: Snapshot, command: string): Promise<Answer> {
  const [name = '', ...args] = command.trim().replace(/^\//, '').split(/\s+/);
  const handler = COMMANDS[name.toLowerCase()];
  if (!handler) return { text: 'Commands: `/top <stat> [n]` (e.g. `/top jump`), `/card <player>`.', png: null };
  return handler(snapshot, args.filter((a) => a !== ''));
}

// The demo: answer a few commands against a save and write the cards next to it.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('demo-server', import.meta.url));
  const commands = process.argv[3] ? [process.argv[3]] : ['/top jump', '/top play_time 3', '/card nobody'];
  const snapshot = buildSnapshot(await readSave(dir), { now: Date.now() });
  for (const [i, command] of commands.entries()) {
    const { text, png } = await answer(snapshot, command);
    console.log(`> ${command}\n${text}`);
    if (png) {
      const file = `discord-bot-${i + 1}.png`;
      writeFileSync(file, png);
      console.log(`[attached ${file}, ${png.length} bytes]`);
    }
    console.log();
  }
}
