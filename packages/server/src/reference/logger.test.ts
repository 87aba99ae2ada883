import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonLine, jsonLogger, type LogFields } from './logger.js';

const TIME = '2026-11-18T12:00:00.000Z';
const NOW = Date.parse(TIME);

/** A stream that records each write, with the backlog a slow pipe would report. */
function recorder() {
  const writes: string[] = [];
  let wake: () => void = () => {};
  return {
    writes,
    writableLength: 0,
    write: (chunk: string) => {
      writes.push(chunk);
      wake();
    },
    /** Resolves at the next write. */
    nextWrite: () => new Promise<void>((resolve) => (wake = resolve)),
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('jsonLine(time, level, event, fields)', () => {
  const inherited = Object.create({ hidden: 1 }) as LogFields;
  inherited.own = 'yes';
  const table: Array<[string, LogFields | undefined]> = [
    ['no fields', undefined],
    ['empty fields', {}],
    ['a request', { method: 'GET', path: '/v1/stats/play_time?limit=5', status: 200, ms: 0.1 }],
    ['strings JSON escapes', { path: '/v1/players/"quoted"\\back\nline\ttab\u0001', name: 'Élodie ☃ 😀', lone: '\ud800x', sep: '\u2028' }],
    ['numbers', { zero: -0, big: 1e21, small: 5e-7, nan: Number.NaN, inf: -Infinity, int: 42 }],
    ['other values', { yes: true, no: false, nil: null, gone: undefined, fn: () => 1, list: [1, 'a', undefined], nested: { a: { b: [null] } }, when: new Date(NOW) }],
    ['keys JSON escapes', { 'a"b': 1, 'é': 2, 10: 'integer key first', '': 'empty' }],
    ['a field named like the head overrides it', { level: 'custom', extra: 1 }],
    ['time and event fields', { time: 'then', event: 'other' }],
    ['inherited properties are not fields', inherited],
    ['an object with toJSON', { toJSON: () => ({ replaced: true }) } as unknown as LogFields],
  ];
  for (const [what, fields] of table) {
    it(`writes what JSON.stringify({ time, level, event, ...fields }) writes: ${what}`, () => {
      const expected = `${JSON.stringify({ time: TIME, level: 'info', event: 'request', ...fields })}\n`;
      assert.equal(jsonLine(TIME, 'info', 'request', fields), expected);
    });
  }
});

describe('jsonLogger(stream, options).request(method, path, status, ms)', () => {
  it('writes what log(\'info\', \'request\', { method, path, status, ms }) writes', () => {
    const table: Array<[string, string, number, number]> = [
      ['GET', '/v1/stats/play_time', 200, 0], ['HEAD', '/v1/players/Steve', 304, 0.1], ['GET', '/v1/stats/jump?limit=5&offset=10', 429, 12.3],
      ['GET', '/v1/players/"odd"\\name\u0007', 404, 0.3], ['GET', '/v1/players/Élodie', 200, 9999.9], ['GET', '/v1/x', 500, 123456.7],
      ['GET', '/v1/x', 200, Number.NaN], ['GET', '/v1/x', 200, -0], ['GET', '/v1/x', 200, 1e21],
    ];
    for (const [method, path, status, ms] of table) {
      const viaRequest = recorder();
      const viaLog = recorder();
      const a = jsonLogger(viaRequest, { clock: () => NOW });
      const b = jsonLogger(viaLog, { clock: () => NOW });
      a.request!(method, path, status, ms);
      b.log('info', 'request', { method, path, status, ms });
      a.flush!();
      b.flush!();
      assert.equal(viaRequest.writes.join(''), viaLog.writes.join(''), `${method} ${path} ${status} ${ms}`);
      assert.equal(viaRequest.writes.join(''), `${JSON.stringify({ time: TIME, level: 'info', event: 'request', method, path, status, ms })}\n`);
    }
  });
  it('writes each line right when the same paths come back with other methods, statuses and times', () => {
    let now = NOW;
    const stream = recorder();
    const log = jsonLogger(stream, { clock: () => now });
    const calls: Array<[string, string, number, number]> = [];
    for (let i = 0; i < 700; i++) calls.push([i % 7 === 0 ? 'HEAD' : 'GET', `/v1/stats/s${i % 300}`, i % 5 === 0 ? 304 : 200, (i % 13) / 10]);
    const expected: string[] = [];
    for (const [i, [method, path, status, ms]] of calls.entries()) {
      now += i % 3; // some lines share a millisecond
      log.request!(method, path, status, ms);
      expected.push(`${JSON.stringify({ time: new Date(now).toISOString(), level: 'info', event: 'request', method, path, status, ms })}\n`);
    }
    log.flush!();
    assert.equal(stream.writes.join(''), expected.join(''));
  });
  it('is silent below its level', () => {
    const stream = recorder();
    const log = jsonLogger(stream, { level: 'warn' });
    log.request!('GET', '/v1/stats', 200, 0);
    log.flush!();
    assert.equal(stream.writes.length, 0);
  });
});

describe('jsonLogger(stream, options)', () => {
  it('writes the lines of a few milliseconds in one write, in order', async () => {
    const stream = recorder();
    const log = jsonLogger(stream, { clock: () => NOW });
    const written = stream.nextWrite();
    log.log('info', 'request', { status: 200 });
    log.log('debug', 'hidden');
    await nextTurn();
    log.log('info', 'request', { status: 304 });
    assert.equal(stream.writes.length, 0, 'nothing written at once');
    await written;
    assert.equal(stream.writes.length, 1);
    const lines = stream.writes[0]!.split('\n');
    assert.deepEqual(lines.map((line) => (line ? JSON.parse(line) : line)), [
      { time: TIME, level: 'info', event: 'request', status: 200 },
      { time: TIME, level: 'info', event: 'request', status: 304 },
      '',
    ]);
  });

  it('writes warnings and errors at once, after what came before them', () => {
    const stream = recorder();
    const log = jsonLogger(stream, { clock: () => NOW });
    log.log('info', 'request', { status: 200 });
    log.log('error', 'internal_error', { error: 'boom' });
    assert.equal(stream.writes.length, 1);
    assert.deepEqual(stream.writes[0]!.trim().split('\n').map((line) => JSON.parse(line).event), ['request', 'internal_error']);
  });

  it('flush() writes what is buffered now (before process.exit)', () => {
    const stream = recorder();
    const log = jsonLogger(stream, { clock: () => NOW });
    log.log('info', 'stopped', {});
    log.flush?.();
    assert.deepEqual(stream.writes, [`{"time":"${TIME}","level":"info","event":"stopped"}\n`]);
    log.flush?.();
    assert.equal(stream.writes.length, 1, 'nothing twice');
  });

  it('writes at once when 64 KiB are buffered', () => {
    const stream = recorder();
    const log = jsonLogger(stream, { clock: () => NOW });
    const path = `/v1/players/${'x'.repeat(1000)}`;
    for (let i = 0; i < 70; i++) log.log('info', 'request', { path });
    assert.equal(stream.writes.length, 1);
    assert.ok(stream.writes[0]!.length >= 64 * 1024);
  });

  it('drops lines while the stream falls behind, then says how many', async () => {
    const stream = recorder();
    const log = jsonLogger(stream, { clock: () => NOW, maxPendingBytes: 1000 });
    stream.writableLength = 5000; // a pipe whose reader stalled
    for (let i = 0; i < 10; i++) log.log('info', 'request', { status: 200 });
    log.flush!();
    assert.equal(stream.writes.length, 0);
    stream.writableLength = 0;
    log.log('info', 'request', { status: 200 });
    log.flush!();
    const events = stream.writes.join('').trim().split('\n').map((line) => JSON.parse(line));
    assert.deepEqual(events.map((e) => [e.event, e.lines]), [['log_dropped', 10], ['request', undefined]]);
  });

  it('writes each line\'s time as Date#toISOString does', async () => {
    const times = [NOW, NOW + 1, NOW + 59_999, NOW + 60_000, NOW + 61_010, NOW + 99, NOW + 1000, 0, -1, -60_001, 1.5, NOW + 0.25, 253402300800000, -62198755200001];
    for (let i = 0; i < 200; i++) times.push(NOW + Math.floor(((i * 7919) % 1000) * 86_400_000 / 997) + i);
    let at = 0;
    const stream = recorder();
    const log = jsonLogger(stream, { clock: () => times[at]! });
    for (at = 0; at < times.length; at++) log.log('info', 'tick');
    log.flush?.();
    const written = stream.writes.join('').trim().split('\n').map((line) => JSON.parse(line).time);
    assert.deepEqual(written, times.map((ms) => new Date(ms).toISOString()));
  });

  it('keeps each line\'s own time', async () => {
    let now = NOW;
    const stream = recorder();
    const log = jsonLogger(stream, { clock: () => now });
    log.log('info', 'a');
    now += 1;
    log.log('info', 'b');
    log.log('info', 'c');
    log.flush!();
    assert.deepEqual(stream.writes.join('').trim().split('\n').map((line) => JSON.parse(line).time), [TIME, '2026-11-18T12:00:00.001Z', '2026-11-18T12:00:00.001Z']);
  });
});
