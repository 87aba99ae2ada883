import * as v from 'valibot';
import { ConfigError, type ConfigIssue } from './ConfigError.js';
import { configSchema, type ReferenceConfigFile } from './configSchema.js';

/**
 * Validates a configuration object (a parsed config file) against {@link configSchema}: a typed
 * object with durations in milliseconds, or a {@link ConfigError} naming every bad or unknown key.
 *
 * @example
 * validateConfig({ schedule: { refresh: '30s' } }); // { schedule: { refresh: 30000 } }
 * validateConfig({ rate_limt: 5 }); // throws ConfigError: "configuration: rate_limt: unknown key (…)"
 */
export function validateConfig(input: unknown, file: string | null = null): ReferenceConfigFile {
  const result = v.safeParse(configSchema, input, { abortEarly: false });
  if (result.success) {
    // A network lists its servers' saves; one save more beside them would be served by neither.
    if (result.output.servers !== undefined && result.output.server_dir !== undefined) {
      throw new ConfigError(file, [{ key: 'server_dir', message: 'give either server_dir (one server) or servers (a network), not both' }]);
    }
    return result.output;
  }
  const issues: ConfigIssue[] = [];
  const seen = new Set<string>();
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '(root)';
    const message = key === '(root)' ? `must hold a JSON object, got ${Array.isArray(input) ? 'an array' : input === null ? 'null' : typeof input}` : issue.message;
    const line = `${key}\0${message}`;
    if (seen.has(line)) continue;
    seen.add(line);
    issues.push({ key, message });
  }
  throw new ConfigError(file, issues);
}
