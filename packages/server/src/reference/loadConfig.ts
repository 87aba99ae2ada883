import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { ConfigError } from './ConfigError.js';
import type { ReferenceConfigFile } from './configSchema.js';
import { validateConfig } from './validateConfig.js';

/**
 * Reads and validates a JSON configuration file. `server_dir`, `data_dir` and `site.messages_file` are resolved
 * against the file's own folder, so a config works whatever the current directory. Throws a
 * {@link ConfigError} naming the file (and every bad key) when it is missing, not JSON, or invalid.
 *
 * @example
 * const config = await loadConfig('/etc/blockstats.json');
 * config.schedule?.refresh; // 900000 for "15m"
 */
export async function loadConfig(file: string): Promise<ReferenceConfigFile> {
  const path = resolve(file);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a JSON file' : (error as Error).message;
    throw new ConfigError(path, [{ key: '(root)', message: `cannot read the configuration file: ${why}` }]);
  }
  let input: unknown;
  try {
    input = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new ConfigError(path, [{ key: '(root)', message: `not valid JSON: ${(error as Error).message}` }]);
  }
  const config = validateConfig(input, path);
  const base = dirname(path);
  const absolute = (p: string | undefined) => (p === undefined || isAbsolute(p) ? p : resolve(base, p));
  return {
    ...config,
    // An sftp:// location is a URL, not a path to resolve.
    ...(config.server_dir === undefined ? {} : { server_dir: /^sftp:\/\//i.test(config.server_dir) ? config.server_dir : absolute(config.server_dir) }),
    ...(config.servers === undefined ? {} : { servers: config.servers.map((server) => ({ ...server, save: /^sftp:\/\//i.test(server.save) ? server.save : absolute(server.save)! })) }),
    ...(config.sftp === undefined ? {} : {
      sftp: {
        ...config.sftp,
        ...(config.sftp.private_key ? { private_key: absolute(config.sftp.private_key) } : {}),
        ...(config.sftp.passphrase_file ? { passphrase_file: absolute(config.sftp.passphrase_file) } : {}),
        ...(config.sftp.password_file ? { password_file: absolute(config.sftp.password_file) } : {}),
        ...(config.sftp.known_hosts ? { known_hosts: absolute(config.sftp.known_hosts) } : {}),
      },
    }),
    ...(config.data_dir === undefined ? {} : { data_dir: absolute(config.data_dir) }),
    ...(config.site?.messages_file === undefined ? {} : { site: { ...config.site, messages_file: absolute(config.site.messages_file)! } }),
  };
}
