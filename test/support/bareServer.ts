import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** A bare `node:http` server in a process of its own, as a control for timings on a shared machine. */
export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

const SOURCE = `
const server = require('node:http').createServer((req, res) => res.end('{"status":"ok"}'));
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/**
 * Starts a server that answers every request at once with a few bytes: how long a client waits
 * for it is what the machine (its scheduler, the client itself) adds to any answer, at that moment.
 */
export async function startBareServer(): Promise<BareServer> {
  const child = spawn(process.execPath, ['-e', SOURCE], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return {
    url: `http://127.0.0.1:${Number(line)}`,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
