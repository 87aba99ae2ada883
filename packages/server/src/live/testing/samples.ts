/**
 * Status bodies shaped like real servers' answers (vanilla with a chat-component MOTD, Paper with
 * a legacy `§` string, a BungeeCord proxy with `text: ""` + `extra[]`), a Bedrock pong string and
 * Modrinth bodies consistent with each other. The doubles serve them; the tests assert on them.
 */

/** Vanilla 1.21.4: chat component with a bare-string `extra`, `\n`, § codes, a player sample. */
export const javaStatusComponent = {
  version: { name: '1.21.4', protocol: 769 },
  players: {
    max: 20,
    online: 2,
    sample: [
      { name: 'Steve', id: '8667ba71-b85a-4004-af54-457a9734eed7' },
      { name: 'Alex', id: 'ec561538-f3fd-461d-aff5-086b22154bce' },
    ],
  },
  description: {
    text: '',
    extra: [
      { text: 'My ', color: 'gold', bold: true },
      { text: 'Server', color: 'aqua' },
      '\n',
      { text: '§cLegacy codes §rstill appear in text' },
    ],
  },
  enforcesSecureChat: true,
};

/** Paper 1.20.4: the description is a plain legacy string; no sample, no favicon. */
export const javaStatusLegacy = {
  version: { name: 'Paper 1.20.4', protocol: 765 },
  players: { max: 100, online: 0 },
  description: '§aA Minecraft Server §7- §ewelcome',
};

/** A BungeeCord proxy: `text: ""` with the MOTD in `extra[]`, a hex colour, an anonymous sample. */
export const javaStatusBungee = {
  version: { name: 'BungeeCord 1.8.x-1.21.x', protocol: 767 },
  players: {
    max: 526,
    online: 525,
    sample: [{ name: 'Anonymous Player', id: '00000000-0000-0000-0000-000000000000' }],
  },
  description: {
    extra: [
      { color: 'white', text: '   ' },
      { bold: true, strikethrough: true, color: 'dark_gray', text: '[ ' },
      { bold: true, color: 'blue', text: 'Example' },
      { color: 'white', text: ' ' },
      { bold: true, color: 'white', text: 'Games' },
      { bold: true, strikethrough: true, color: 'dark_gray', text: ' ]' },
      { color: '#FF8800', text: ' hex colour (1.16+)' },
    ],
    text: '',
  },
  favicon: 'data:image/png;base64,iVBORw0KGgo=',
};

/** A Bedrock Dedicated Server's unconnected-pong string (12 fields, trailing `;`). */
export const bedrockPongString =
  'MCPE;§aDedicated Server;686;1.21.2;3;10;13253860892328930865;Bedrock level;Survival;1;19132;19133;';

/** Jar contents whose sha1 the Modrinth double knows (`example-mod`, `example-lib`). */
export const knownJarContents = {
  'example-mod-1.0.0.jar': 'example-mod-1.0.0.jar contents\n',
  'example-lib-2.3.1.jar': 'example-lib-2.3.1.jar contents\n',
} as const;
