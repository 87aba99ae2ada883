import { createServer } from 'node:http';

/** `huge`: a 200 whose body (16 MB of JSON padding) never ends in time: far more than a profile. */
export type FakeSkinMode = 'ok' | '429' | '500' | 'hang' | 'huge';

export interface FakeSkinServicesOptions {
  /** Java profiles by undashed UUID: a texture hash, or null for a profile without a custom skin. */
  java?: Record<string, string | null>;
  /** GeyserMC skins by decimal XUID: the `texture_id`. */
  bedrock?: Record<string, string>;
  /** Applies to both services unless `javaMode`/`bedrockMode` say otherwise. */
  mode?: FakeSkinMode;
  javaMode?: FakeSkinMode;
  bedrockMode?: FakeSkinMode;
}

export interface FakeSkinServices {
  /** For `sessionServerUrl`. */
  sessionServerUrl: string;
  /** For `geyserUrl`. */
  geyserUrl: string;
  /** Paths requested, in order, with the User-Agent sent. */
  requests: Array<{ path: string; userAgent: string | null }>;
  set(options: FakeSkinServicesOptions): void;
  close(): Promise<void>;
}

/**
 * Mojang's session server (`GET /session/minecraft/profile/<uuid>`: a profile whose `textures`
 * property is base64 JSON, 204 for an unknown UUID) and GeyserMC's global API
 * (`GET /v2/skin/<xuid>`: `{texture_id, …}`, or `{}` when it holds no skin) on one loopback server.
 */
export async function fakeSkinServices(options: FakeSkinServicesOptions = {}): Promise<FakeSkinServices> {
  let current: FakeSkinServicesOptions = { java: {}, bedrock: {}, mode: 'ok', ...options };
  const requests: FakeSkinServices['requests'] = [];

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push({ path, userAgent: request.headers['user-agent'] ?? null });
    const java = /^\/session\/minecraft\/profile\/([0-9a-f]{32})$/.exec(path);
    const bedrock = /^\/v2\/skin\/(\d+)$/.exec(path);
    const mode = (java ? current.javaMode : bedrock ? current.bedrockMode : undefined) ?? current.mode ?? 'ok';
    if (mode === 'hang') return;
    const send = (status: number, body?: unknown) => {
      response.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' });
      response.end(body === undefined ? '' : JSON.stringify(body));
    };
    if (mode === '429') return send(429, { error: 'TooManyRequestsException' });
    if (mode === '500') return send(500, { error: 'internal' });
    if (mode === 'huge') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      const piece = Buffer.alloc(64 * 1024, 0x20);
      let left = 256;
      const more = (): void => {
        while (left-- > 0 && !response.destroyed) if (!response.write(piece)) return void response.once('drain', more);
        if (!response.destroyed) response.end('{}');
      };
      return more();
    }

    if (java) {
      const id = java[1] ?? '';
      if (!current.java || !(id in current.java)) return send(204);
      const hash = current.java[id];
      const textures = hash === null || hash === undefined ? {} : { SKIN: { url: `http://textures.minecraft.net/texture/${hash}` } };
      const value = Buffer.from(JSON.stringify({ timestamp: 0, profileId: id, profileName: 'Player', textures })).toString('base64');
      return send(200, { id, name: 'Player', properties: [{ name: 'textures', value }] });
    }
    if (bedrock) {
      const texture = current.bedrock?.[bedrock[1] ?? ''];
      if (texture === undefined) return send(200, {});
      return send(200, { hash: 'ab', is_steve: false, last_update: 0, signature: 'sig', texture_id: texture, value: 'v' });
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  return {
    sessionServerUrl: base,
    geyserUrl: base,
    requests,
    set(next) {
      current = { ...current, ...next };
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
