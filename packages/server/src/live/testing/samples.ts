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

/**
 * Modrinth v2 `Project` bodies: a mod (`example-mod`, id `AABBCCDD`) and a modpack
 * (`example-pack`, id `EEFFGGHH`). `RRSSTTUU` (the project of `example-lib`) is deliberately
 * absent, as a hidden or deleted project is: Modrinth then silently omits it.
 */
export const modrinthProjects = [
  {
    "id": "AABBCCDD",
    "slug": "example-mod",
    "project_type": "mod",
    "team": "MMNNOOPP",
    "title": "Example Mod",
    "description": "A short description of the example mod",
    "body": "Long markdown body…",
    "body_url": null,
    "published": "2023-02-05T19:39:55.551839Z",
    "updated": "2024-06-01T12:00:00.000000Z",
    "approved": "2023-02-06T10:00:00.000000Z",
    "queued": null,
    "status": "approved",
    "requested_status": null,
    "moderator_message": null,
    "license": {
      "id": "MIT",
      "name": "MIT License",
      "url": null
    },
    "client_side": "required",
    "server_side": "optional",
    "downloads": 1234567,
    "followers": 4321,
    "categories": [
      "technology",
      "optimization"
    ],
    "additional_categories": [],
    "game_versions": [
      "1.20.1",
      "1.20.4",
      "1.21",
      "1.21.1"
    ],
    "loaders": [
      "fabric",
      "quilt"
    ],
    "versions": [
      "IIJJKKLL",
      "QQRRSSTT"
    ],
    "icon_url": "https://cdn.modrinth.com/data/AABBCCDD/icon.png",
    "issues_url": "https://github.com/example/example-mod/issues",
    "source_url": "https://github.com/example/example-mod",
    "wiki_url": null,
    "discord_url": null,
    "donation_urls": [],
    "gallery": [],
    "color": 8703084,
    "thread_id": "TTUUVVWW",
    "monetization_status": "monetized"
  },
  {
    "id": "EEFFGGHH",
    "slug": "example-pack",
    "project_type": "modpack",
    "team": "XXYYZZAA",
    "title": "Example Pack",
    "description": "A small example modpack",
    "body": "…",
    "body_url": null,
    "published": "2024-01-10T08:00:00.000000Z",
    "updated": "2024-07-01T08:00:00.000000Z",
    "approved": "2024-01-11T08:00:00.000000Z",
    "queued": null,
    "status": "approved",
    "requested_status": null,
    "moderator_message": null,
    "license": {
      "id": "LicenseRef-All-Rights-Reserved",
      "name": "",
      "url": null
    },
    "client_side": "required",
    "server_side": "required",
    "downloads": 9876,
    "followers": 55,
    "categories": [
      "adventure",
      "fabric"
    ],
    "additional_categories": [],
    "game_versions": [
      "1.21.1"
    ],
    "loaders": [
      "fabric"
    ],
    "versions": [
      "VVWWXXYY",
      "ZZAABBCC"
    ],
    "icon_url": null,
    "issues_url": null,
    "source_url": null,
    "wiki_url": null,
    "discord_url": null,
    "donation_urls": [],
    "gallery": [],
    "color": null,
    "thread_id": "AAZZYYXX",
    "monetization_status": "monetized"
  }
];

/** Modrinth v2 `Version` bodies of the two known jars, as `POST /v2/version_files` returns them. */
export const modrinthJarVersions = [
  {
    "id": "IIJJKKLL",
    "project_id": "AABBCCDD",
    "author_id": "EEFFGGHH",
    "name": "Example Mod 1.0.0",
    "version_number": "1.0.0",
    "changelog": "- First release",
    "changelog_url": null,
    "date_published": "2024-06-01T12:00:00.000000Z",
    "downloads": 1000,
    "version_type": "release",
    "status": "listed",
    "requested_status": null,
    "featured": false,
    "game_versions": [
      "1.21",
      "1.21.1"
    ],
    "loaders": [
      "fabric"
    ],
    "dependencies": [
      {
        "version_id": null,
        "project_id": "P7dR8mSH",
        "file_name": null,
        "dependency_type": "required"
      }
    ],
    "files": [
      {
        "hashes": {
          "sha1": "26ba9606c1dab5593a5f728633f6b188aa825964",
          "sha512": "b640672de69dd87f87187ed019f3377260d136fb9d314076a145dc30b33c791576bf446ecfdf37bc48a026dce413b7fc754aabe43b6d296faa94810dc329faca"
        },
        "url": "https://cdn.modrinth.com/data/AABBCCDD/versions/IIJJKKLL/example-mod-1.0.0.jar",
        "filename": "example-mod-1.0.0.jar",
        "primary": true,
        "size": 31,
        "file_type": null
      }
    ]
  },
  {
    "id": "MMNNOOQQ",
    "project_id": "RRSSTTUU",
    "author_id": "EEFFGGHH",
    "name": "Example Lib 2.3.1",
    "version_number": "2.3.1",
    "changelog": null,
    "changelog_url": null,
    "date_published": "2024-03-15T09:30:00.000000Z",
    "downloads": 52000,
    "version_type": "beta",
    "status": "listed",
    "requested_status": null,
    "featured": true,
    "game_versions": [
      "1.20.4",
      "1.21",
      "1.21.1"
    ],
    "loaders": [
      "fabric",
      "neoforge"
    ],
    "dependencies": [],
    "files": [
      {
        "hashes": {
          "sha1": "a9ae343d4e78f2867e38f4e393381f6eeddc13d5",
          "sha512": "bc6184154acec104fe256ff09daccecea28b2cd2da2358dec7b3a305d060ae5868e74e2dfcf62f1062b8c963afebe5db95a2f20463cf399b4905fd8bd78aab35"
        },
        "url": "https://cdn.modrinth.com/data/RRSSTTUU/versions/MMNNOOQQ/example-lib-2.3.1.jar",
        "filename": "example-lib-2.3.1.jar",
        "primary": true,
        "size": 31,
        "file_type": null
      }
    ]
  }
];

/** `GET /v2/project/example-pack/version`: newest first, `.mrpack` primary file. */
export const modrinthPackVersions = [
  {
    "id": "ZZAABBCC",
    "project_id": "EEFFGGHH",
    "author_id": "XXYYZZAA",
    "name": "Example Pack 1.2.0",
    "version_number": "1.2.0",
    "changelog": "Updated Sodium, added 3 mods",
    "changelog_url": null,
    "date_published": "2024-07-01T08:00:00.000000Z",
    "downloads": 812,
    "version_type": "release",
    "status": "listed",
    "requested_status": null,
    "featured": true,
    "game_versions": [
      "1.21.1"
    ],
    "loaders": [
      "fabric"
    ],
    "dependencies": [],
    "files": [
      {
        "hashes": {
          "sha1": "140a062dd56b30678c1c0b3be712105eb4ecd9aa",
          "sha512": "65f1b5edec381e5639e62ce146b69cedd851a66af7b6b1c699fe0da99576b2f71843867aea400b8c25971ea106fa229893723e7ee2ed70e99484e840e48c1432"
        },
        "url": "https://cdn.modrinth.com/data/EEFFGGHH/versions/ZZAABBCC/Example%20Pack%201.2.0.mrpack",
        "filename": "Example Pack 1.2.0.mrpack",
        "primary": true,
        "size": 35,
        "file_type": null
      }
    ]
  },
  {
    "id": "VVWWXXYY",
    "project_id": "EEFFGGHH",
    "author_id": "XXYYZZAA",
    "name": "Example Pack 1.1.0-beta.1",
    "version_number": "1.1.0-beta.1",
    "changelog": null,
    "changelog_url": null,
    "date_published": "2024-01-10T08:00:00.000000Z",
    "downloads": 64,
    "version_type": "beta",
    "status": "listed",
    "requested_status": null,
    "featured": false,
    "game_versions": [
      "1.21",
      "1.21.1"
    ],
    "loaders": [
      "fabric"
    ],
    "dependencies": [],
    "files": []
  }
];
