import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { hardenServer } from './hardenServer.js';

/** Writes `bytes` on a fresh connection and reads until the server closes it. */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer; got ${JSON.stringify(text)}`)));
  });
}

/** Status, lower-cased headers and the parsed body of one raw HTTP/1.1 answer. */
function parse(answer: string) {
  const [head, body = ''] = answer.split('\r\n\r\n', 2) as [string, string?];
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(body) as Record<string, unknown>, bytes: Buffer.byteLength(body) };
}

describe('hardenServer: answers Node gives itself are problems too', () => {
  let server: Server;
  let port: number;
  before(async () => {
    server = hardenServer(createServer((_req, res) => res.end('handler')), { limits: { maxHeaderBytes: 1024 }, problemBase: 'https://stats.example/problems' });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  const cases: Array<[string, string, number, string]> = [
    ['an unknown method (FOO)', 'FOO / HTTP/1.1\r\nHost: x\r\n\r\n', 405, 'method-not-allowed'],
    ['a lowercase get', 'get /v1 HTTP/1.1\r\nHost: x\r\n\r\n', 405, 'method-not-allowed'],
    ['CONNECT', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405, 'method-not-allowed'],
    ['headers larger than maxHeaderBytes (431)', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(4000)}\r\n\r\n`, 431, 'headers-too-large'],
    ['a header line without a colon', 'GET / HTTP/1.1\r\nHost x\r\n\r\n', 400, 'invalid-request'],
    ['a malformed request line', 'GET / HTTP/9\r\n\r\n', 400, 'invalid-request'],
  ];
  for (const [name, bytes, status, code] of cases) {
    it(`${name} → ${status} application/problem+json`, async () => {
      const answer = parse(await exchange(port, bytes));
      assert.equal(answer.status, status);
      assert.equal(answer.headers['content-type'], 'application/problem+json');
      assert.equal(answer.headers['content-length'], String(answer.bytes));
      assert.equal(answer.headers.connection, 'close');
      assert.equal(answer.headers['cache-control'], 'no-store');
      assert.equal(answer.body.type, `https://stats.example/problems/${code}`);
      assert.equal(answer.body.status, status);
      assert.equal(typeof answer.body.detail, 'string');
      if (status === 405) assert.equal(answer.headers.allow, 'GET, HEAD');
    });
  }

  it('still hands a good request to the listener', async () => {
    assert.match(await exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), /^HTTP\/1\.1 200 OK[\s\S]*handler$/);
  });
});
