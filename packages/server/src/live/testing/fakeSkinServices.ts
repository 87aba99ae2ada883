import { createServer } from 'node:http';
import { encode } from 'fast-png';

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
  /** For `texturesUrl`: `/texture/<hash>` is a 64×64 skin whose face is the hash's first six digits as a colour. */
  texturesUrl: string;
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

    const texture = /^\/texture\/([0-9a-f]{16,128})$/.exec(path);
    if (texture) {
      response.writeHead(200, { 'Content-Type': 'image/png' });
      return response.end(fakeSkin(texture[1]!.slice(0, 6)));
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
    texturesUrl: base,
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

/** A 64×64 skin, transparent but for its face (8×8 at 8,8) in one colour. */
function fakeSkin(colour: string): Uint8Array {
  const data = new Uint8Array(64 * 64 * 4);
  for (let y = 8; y < 16; y++) {
    for (let x = 8; x < 16; x++) {
      const i = (y * 64 + x) * 4;
      for (let c = 0; c < 3; c++) data[i + c] = Number.parseInt(colour.slice(c * 2, c * 2 + 2), 16);
      data[i + 3] = 255;
    }
  }
  return encode({ width: 64, height: 64, data, channels: 4, depth: 8 });
}
