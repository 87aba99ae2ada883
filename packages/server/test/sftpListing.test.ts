// How an SFTP mirror lists the save between its full listings (see listingGuide), against a real
// OpenSSH sshd with the generated demo server as the remote save: only `playerdata/` listed and
// the saved players' other files looked up by name, a save seen half-way finished at the next
// sync, a player's files removed, a file grown over its limit refused without ending the trust,
// and a stats file changed alone (which the game never does) found at the next full listing,
// after which every sync lists every folder.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_READ_LIMITS } from '@blockstats/core';
import { sftpSource } from '../src/remote/createSaveSource.js';
import { capturedLog, sftpLocation, sftpTestSettings } from './sftpFixtures.js';
import { sshForTests, type SshServer } from './sshServer.js';

const DEMO = new URL('../../../examples/demo-server', import.meta.url).pathname;
const started = await sshForTests();
const ssh = started.ssh as SshServer;
const work = mkdtempSync(join(tmpdir(), 'blockstats-sftp-listing-'));
const remote = join(work, 'remote');
const FOLDERS = { playerdata: '.dat', stats: '.json', advancements: '.json' } as const;
type Folder = keyof typeof FOLDERS;
const ALL: readonly Folder[] = ['playerdata', 'stats', 'advancements'];
/** The player files' size limit of the test's mirror (the demo's largest is 263 KB). */
const LIMIT = 512 * 1024;

/** The player files of a save (relative path → sha256): what the mirror must equal of the remote one. */
function playerFiles(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const folder of ALL) {
    const path = join(dir, 'world', folder);
    if (!existsSync(path)) continue;
    for (const name of readdirSync(path)) {
      if (!/^[0-9a-f-]{36}\.(json|dat)$/.test(name)) continue;
      out.set(relative(dir, join(path, name)), createHash('sha256').update(readFileSync(join(path, name))).digest('hex'));
    }
  }
  return out;
}

/** Players with all three files, in a fixed order. */
function playersWithAll(): string[] {
  const has = (folder: Folder, uuid: string) => existsSync(join(remote, 'world', folder, uuid + FOLDERS[folder]));
  return readdirSync(join(remote, 'world', 'playerdata')).map((n) => n.slice(0, 36)).filter((uuid) => ALL.every((f) => has(f, uuid))).sort();
}

let second = 0;
/** As the game saves a player: the files rewritten (a byte more, and a later mtime: SFTP's are whole seconds). */
function save(uuid: string, folders: readonly Folder[] = ALL): void {
  second += 2;
  const when = Date.now() / 1000 + 100 + second;
  for (const folder of folders) {
    const file = join(remote, 'world', folder, uuid + FOLDERS[folder]);
    appendFileSync(file, '\n');
    utimesSync(file, when, when);
  }
}

describe('SFTP mirror: playerdata/ listed between full listings', { skip: started.skip }, () => {
  before(() => cpSync(DEMO, remote, { recursive: true }));
  after(async () => {
    await ssh?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('looks up only the saved players\' other files, until a file changed alone turns every sync into a full listing', async () => {
    let now = 0;
    const log = capturedLog();
    const base = join(work, 'mirror');
    const limits = { ...DEFAULT_READ_LIMITS, playerFileBytes: LIMIT };
    const source = sftpSource(sftpLocation(ssh, remote), { settings: sftpTestSettings(ssh), mirrorBase: base, limits, log, fullListingEveryMs: 60_000, clock: () => now });
    const mirror = join(base, 'save');
    const sync = async () => {
      await source.prepare();
      return log.syncs().at(-1)!;
    };
    const players = playersWithAll();
    assert.ok(players.length >= 8);
    const [a, b, c, d, e, f, g] = players as [string, string, string, string, string, string, string];

    assert.equal((await sync()).listing, 'full', 'the first copy');
    save(a);
    assert.deepEqual([(await sync()).listing, log.syncs().at(-1)!.copied], ['full', 3], 'no evidence yet: a full listing, which finds the rule kept');
    const fullListed = log.syncs().at(-1)!.listed as number;

    save(b);
    const guided = await sync();
    assert.deepEqual([guided.listing, guided.copied], ['playerdata', 3]);
    assert.ok((guided.listed as number) < fullListed / 2, `${String(guided.listed)} files listed or looked up, of ${fullListed}`);
    assert.deepEqual(playerFiles(mirror), playerFiles(remote));

    // A listing between the writes of one save: the playerdata now, the rest at the next sync.
    save(c, ['playerdata']);
    assert.equal((await sync()).copied, 1);
    save(c, ['stats', 'advancements']);
    assert.deepEqual([(await sync()).copied, log.syncs().at(-1)!.listing], [2, 'playerdata']);
    assert.deepEqual(playerFiles(mirror), playerFiles(remote));

    for (const folder of ALL) unlinkSync(join(remote, 'world', folder, d + FOLDERS[folder]));
    assert.equal((await sync()).removed, 3);
    assert.deepEqual(playerFiles(mirror), playerFiles(remote));

    // A file grown over its limit, found at a full listing, is refused: no change of its own.
    const grown = join(remote, 'world', 'stats', `${g}.json`);
    const before = readFileSync(grown);
    appendFileSync(grown, ' '.repeat(LIMIT));
    now += 60_000;
    const refused = await sync();
    assert.deepEqual([refused.listing, refused.warnings], ['full', 1]);
    assert.equal((await sync()).listing, 'playerdata', 'still trusted');
    writeFileSync(grown, before);
    save(g);
    assert.equal((await sync()).copied, 3);
    assert.deepEqual(playerFiles(mirror), playerFiles(remote));

    // Not what the game does: the stats alone. Missed between full listings, found at the next.
    save(e, ['stats']);
    assert.equal((await sync()).copied, 0);
    assert.notDeepEqual(playerFiles(mirror), playerFiles(remote));
    now += 60_000;
    const found = await sync();
    assert.deepEqual([found.listing, found.copied], ['full', 1]);
    assert.deepEqual(playerFiles(mirror), playerFiles(remote));
    const warned = log.lines.find((l) => l.event === 'sync_lists_all');
    assert.match(String(warned?.fields.reason), new RegExp(`${e} changed without its playerdata file`));

    save(f);
    assert.deepEqual([(await sync()).listing, log.syncs().at(-1)!.copied], ['full', 3], 'every folder listed from then on');
    source.close?.();
  });
});
