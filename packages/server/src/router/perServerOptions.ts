import type { NetworkServer } from './NetworkServer.js';
import type { RouterOptions } from './RouterOptions.js';

/** What a handler sees as the router's capabilities in each network server's view: that server's live sources. */
export function perServerOptions(options: RouterOptions): Map<NetworkServer, RouterOptions> {
  return new Map<NetworkServer, RouterOptions>((options.servers ?? []).map((server) => {
    const { status: _status, mods: _mods, modpack: _modpack, statHistory: _history, ...shared } = options;
    const own: RouterOptions = { ...shared, snapshot: server.snapshot };
    if (server.statHistory) own.statHistory = server.statHistory;
    if (server.status) own.status = server.status;
    if (server.mods) own.mods = server.mods;
    if (server.modpack) own.modpack = server.modpack;
    return [server, own];
  }));
}
