import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { REPO_ROOT } from '../../../../test/support/repo.js';
import { ConfigError } from './ConfigError.js';
import { loadConfig } from './loadConfig.js';
import { httpLimits } from './httpLimits.js';
import { formatDuration, parseDuration } from './parseDuration.js';
import { parseSize } from './parseSize.js';
import { DEFAULT_PULL_LIMITS, pullLimits } from './pullLimits.js';
import { validateConfig } from './validateConfig.js';
import { readMessageOverrides } from './readMessageOverrides.js';

describe('parseDuration(text)', () => {
  const cases: Array<[string, number | null]> = [
    ['30s', 30_000], ['15m', 900_000], ['6h', 21_600_000], ['1d', 86_400_000], ['250ms', 250], ['1.5h', 5_400_000],
    ['15', null], ['m', null], ['1h30m', null], ['-5s', null], ['5 minutes', null], ['', null],
  ];
  for (const [text, ms] of cases) test(JSON.stringify(text), () => assert.equal(parseDuration(text), ms));
  test('formatDuration picks the largest exact unit', () => {
    assert.deepEqual([900_000, 1_500, 3_600_000, 1_000].map(formatDuration), ['15m', '1500ms', '1h', '1s']);
  });
});

describe('parseSize(text)', () => {
  const cases: Array<[string, number | null]> = [
    ['16MiB', 16 * 1024 * 1024], ['512 KiB', 512 * 1024], ['1GB', 1e9], ['1.5KB', 1500], ['100B', 100], ['2gib', 2 * 1024 ** 3],
    ['16', null], ['MiB', null], ['-1MiB', null], ['16 megabytes', null], ['', null],
  ];
  for (const [text, bytes] of cases) test(JSON.stringify(text), () => assert.equal(parseSize(text), bytes));
});

describe('pullLimits(config)', () => {
  test('fills every default and takes the configured values', () => {
    const defaults = pullLimits({});
    assert.deepEqual(defaults.read, { playerFileBytes: 16 * 1024 ** 2, playerDataInflatedBytes: 64 * 1024 ** 2, rootFileBytes: 16 * 1024 ** 2, modJarBytes: 1024 ** 3, fileParseMs: 30_000 });
    assert.equal(defaults.pullTimeoutMs, DEFAULT_PULL_LIMITS.pullTimeoutMs);
    const set = pullLimits(validateConfig({ limits: { player_file_size: '1MiB', file_parse_timeout: '5s', pull_timeout: '2m', lost_players_share: 0.5, lost_players_min: 2, data_file_size: 4096 } }));
    assert.equal(set.read.playerFileBytes, 1024 * 1024);
    assert.equal(set.read.fileParseMs, 5_000);
    assert.equal(set.pullTimeoutMs, 120_000);
    assert.equal(set.dataFileBytes, 4096);
    assert.deepEqual([set.lostShare, set.lostMin], [0.5, 2]);
  });
});

describe('validateConfig(input)', () => {
  test('a full configuration validates, durations become milliseconds', () => {
    const config = validateConfig({
      name: 'Example SMP',
      short_name: 'Example',
      addresses: { java: 'play.example.net', bedrock: 'play.example.net:19132' },
      time_zone: 'Europe/Berlin',
      ranking: { min_playtime_minutes: 30, inactive_days: 14, crown_weights: { gold: 5, silver: 3, bronze: 1 } },
      events: { pool: ['jump', 'fish_caught'], schedule: { '3': 'mined_diamond_ore' } },
      status: { java: '127.0.0.1:25565', timeout: '2s', cache: '10s', srv: false },
      modrinth: { enabled: true, modpack: 'example-pack', extra_slugs: ['sodium'], refresh: '6h' },
      skins: { enabled: false },
      base_url: 'https://stats.example.net/',
      problem_base: 'https://stats.example.net/problems',
      trusted_proxies: ['127.0.0.1', '10.0.0.0/8'],
      rate_limit: { requests: 120, window: '60s' },
      schedule: { refresh: '30s', read_threads: 0, watch: false, full_scan: '2h', persist: '0s' },
    });
    assert.equal(config.schedule?.persist, 0);
    assert.equal(config.schedule?.refresh, 30_000);
    assert.equal(config.schedule?.watch, false);
    assert.equal(config.schedule?.full_scan, 7_200_000);
    assert.equal(config.schedule?.read_threads, 0);
    assert.equal(config.status?.timeout, 2_000);
    assert.equal(config.rate_limit?.window, 60_000);
    assert.equal(config.base_url, 'https://stats.example.net');
  });

  test('rate_limit.store takes "memory" or a redis:// or rediss:// URL', () => {
    for (const store of ['memory', 'redis://127.0.0.1:6379', 'redis://10.0.0.9/2', 'rediss://user:secret@cache.example.net:6380/0']) {
      assert.equal(validateConfig({ rate_limit: { store } }).rate_limit?.store, store);
    }
  });

  test("the http limits become the Node adapter's limits", () => {
    const config = validateConfig({ http: { max_connections: 500, max_connections_per_address: 20, headers_timeout: '5s', request_timeout: '20s', abuse_cooldown: '0s' } });
    assert.deepEqual(httpLimits(config.http), { maxConnections: 500, maxConnectionsPerAddress: 20, headersTimeoutMs: 5_000, requestTimeoutMs: 20_000, abuseCooldownMs: 0 });
    assert.deepEqual(httpLimits(undefined), {});
  });

  test('the example in the CLI README validates and sets every documented key', () => {
    const readme = readFileSync(join(REPO_ROOT, 'packages', 'cli', 'README.md'), 'utf8');
    const example = /### Configuration file[\s\S]*?```json\n([\s\S]*?)\n```/.exec(readme)?.[1];
    assert.ok(example, 'the README has a JSON example under "Configuration file"');
    const config = validateConfig(JSON.parse(example));
    // The key table after the example: first cells such as `name`, `short_name` or
    // `rate_limit.requests`, `.window` or `ranking.*`.
    // (this section's own table: the next section, the rented-server one, has its own example)
    const section = readme.slice(readme.indexOf(example));
    const table = section.slice(0, section.indexOf('\n### ')).split('\n').filter((line) => line.startsWith('| `'));
    const documented = table.flatMap((line) => {
      const keys = [...line.split('|')[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
      return keys.map((key) => (key.startsWith('.') ? keys[0]!.replace(/\.[^.]+$/, '') + key : key.replace(/\.\*$/, '')));
    });
    assert.ok(documented.length >= 15, `the key table was found (${documented.length} keys)`);
    const get = (path: string): unknown => path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], config);
    for (const key of documented) assert.notEqual(get(key), undefined, `README documents ${key}; its example sets it`);
  });

  const bad: Array<[string, unknown, RegExp]> = [
    ['an unknown top-level key', { rate_limt: { requests: 1 } }, /rate_limt: unknown key \(known keys here: .*rate_limit/],
    ['an unknown nested key', { ranking: { min_playtime: 5 } }, /ranking\.min_playtime: unknown key/],
    ['a rate-limit store that is not Redis', { rate_limit: { store: 'http://10.0.0.9:6379' } }, /rate_limit\.store: must be "memory" or a redis:\/\/ or rediss:\/\/ URL, got "http:\/\/10\.0\.0\.9:6379"/],
    ['a rate-limit store without a host', { rate_limit: { store: 'redis://' } }, /rate_limit\.store: must be "memory" or a redis/],
    ['a bad duration', { schedule: { refresh: '15 minutes' } }, /schedule\.refresh: must be a duration such as "30s"/],
    ['a too short refresh', { schedule: { refresh: '10ms' } }, /schedule\.refresh: must be at least 1s/],
    ['a fractional thread count', { schedule: { read_threads: 1.5 } }, /schedule\.read_threads: must be a whole number from 0 to 64, got 1\.5/],
    ['a negative weight', { ranking: { crown_weights: { gold: -1, silver: 2, bronze: 1 } } }, /ranking\.crown_weights\.gold: must be a number ≥ 0, got -1/],
    ['an unknown stat in the pool', { events: { pool: ['jumps'] } }, /events\.pool\.0: "jumps" is not a tracked stat id/],
    ['a bad time zone', { time_zone: 'Mars/Olympus' }, /time_zone: must be an IANA time zone/],
    ['a bad address', { addresses: { java: 'play example' } }, /addresses\.java: must be HOST\[:PORT\]/],
    ['a bad proxy', { trusted_proxies: ['10.0.0.0/99'] }, /trusted_proxies: entry "10\.0\.0\.0\/99"/],
    ['a bad port', { listen: { port: 70000 } }, /listen\.port: must be a whole number from 0 to 65535, got 70000/],
    ['a string where an object goes', { ranking: 'strict' }, /ranking: must be an object, got "strict"/],
    ['a relative base URL', { base_url: '/stats' }, /base_url: must be an absolute http\(s\) URL/],
    ['not an object', [1, 2], /must hold a JSON object|must be an object/],
    ['a size without a unit', { limits: { player_file_size: '16' } }, /limits\.player_file_size: must be a size such as "16MiB"/],
    ['a size below its minimum', { limits: { root_file_size: 10 } }, /limits\.root_file_size: must be at least 1KiB, got 10/],
    ['a share above 1', { limits: { lost_players_share: 2 } }, /limits\.lost_players_share: must be a number from 0 to 1/],
    ['a too short parse timeout', { limits: { file_parse_timeout: '10ms' } }, /limits\.file_parse_timeout: must be at least 100ms/],
    ['no PNG threads', { png: { threads: 0 } }, /png\.threads: must be a whole number from 1 to 64, got 0/],
    ['a typo in png', { png: { per_ip: 2 } }, /png\.per_ip: unknown key \(known keys here: threads, queue, per_client, cache, timeout\)/],
    ['a too short PNG timeout', { png: { timeout: '5ms' } }, /png\.timeout: must be at least 100ms/],
    ['no connections at all', { http: { max_connections: 0 } }, /http\.max_connections: must be a whole number from 1 to 1000000, got 0/],
    ['an unknown http limit', { http: { max_conections: 5 } }, /http\.max_conections: unknown key \(known keys here: max_connections/],
    ['a headers timeout longer than the request timeout', { http: { request_timeout: '5s' } }, /http: headers_timeout \(10000 ms\) must not be longer than request_timeout \(5000 ms\)/],
    ['a typo in players', { players: { exclude_bans: true } }, /players\.exclude_bans: unknown key \(known keys here: exclude_banned, exclude_ops, hide\)/],
    ['a hide list that is not a list', { players: { hide: 'Steve' } }, /players\.hide: must be a list of player UUIDs or names, got "Steve"/],
    ['a hide entry that is not text', { players: { hide: ['Steve', 42] } }, /players\.hide\.1: must be a player UUID or name, got 42/],
    ['a hide entry with a control character', { players: { hide: ['Ste\u0000ve'] } }, /players\.hide\.0: must be a player UUID or name/],
    ['a yes that is not true', { players: { exclude_ops: 'yes' } }, /players\.exclude_ops: must be true or false, got "yes"/],
  ];
  for (const [name, input, message] of bad) {
    test(`rejects ${name}, naming the key`, () => {
      assert.throws(() => validateConfig(input, 'blockstats.json'), (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /^blockstats\.json/);
        assert.match(error.message, message);
        return true;
      });
    });
  }

  test('every problem is listed, not just the first', () => {
    assert.throws(() => validateConfig({ a: 1, schedule: { refresh: 'x' } }), (error: ConfigError) => error.issues.length === 2 && /2 problems/.test(error.message));
  });
});

describe('loadConfig(file)', () => {
  test('resolves paths against the file, and names the file in errors', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'blockstats-config-'));
    try {
      const file = join(dir, 'blockstats.json');
      await writeFile(file, JSON.stringify({ server_dir: 'mc', data_dir: '/var/lib/x' }));
      const config = await loadConfig(file);
      assert.equal(config.server_dir, join(dir, 'mc'));
      assert.equal(config.data_dir, '/var/lib/x');
      await writeFile(file, '{ "name": ');
      await assert.rejects(loadConfig(file), (e: Error) => e instanceof ConfigError && e.message.startsWith(file) && /not valid JSON/.test(e.message));
      await assert.rejects(loadConfig(join(dir, 'missing.json')), /missing\.json: cannot read the configuration file: no such file/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('site languages and messages (issue 39)', () => {
  test('site.languages takes tags of the shipped languages, case-insensitively', () => {
    assert.deepEqual(validateConfig({ site: { languages: ['en', 'pt-br', 'ja'] } }).site?.languages, ['en', 'pt-br', 'ja']);
    for (const languages of [['en', 'xx'], [], 'de', [3]]) {
      assert.throws(() => validateConfig({ site: { languages } }), (error: unknown) => error instanceof ConfigError && /site\.languages/.test(error.message), JSON.stringify(languages));
    }
  });

  test('site.messages_file: a JSON object of tags to messages; every bad tag, key and message is named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'blockstats-messages-'));
    try {
      const good = join(dir, 'good.json');
      writeFileSync(good, JSON.stringify({ de: { 'nav.home': 'Lobby', 'players.count': { one: '{count} Spieler', other: '{count} Spieler' } } }));
      assert.deepEqual(readMessageOverrides(good), { de: { 'nav.home': 'Lobby', 'players.count': { one: '{count} Spieler', other: '{count} Spieler' } } });
      const bad = join(dir, 'bad.json');
      writeFileSync(bad, JSON.stringify({ xx: {}, de: { 'nav.nope': 'x', 'nav.home': 5, 'players.count': { one: 'x' } } }));
      assert.throws(() => readMessageOverrides(bad), (error: unknown) => {
        const text = (error as Error).message;
        return error instanceof ConfigError && ['xx', 'de.nav.nope', 'de.nav.home', 'de.players.count'].every((key) => text.includes(key));
      });
      writeFileSync(bad, '{ not json');
      assert.throws(() => readMessageOverrides(bad), /not valid JSON/);
      assert.throws(() => readMessageOverrides(join(dir, 'missing.json')), /cannot be read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
