/** Paths a visitor meets first: the site's index pages and the server's summary. */
export const WARM_PATHS: readonly string[] = ['/', '/activity', '/players', '/stats', '/advancements', '/hall-of-fame', '/totals', '/events', '/v1/server'];

/** Renders the common pages of a new snapshot before visitors ask for them (see `pageWarmer`). */
export interface PageWarmer {
  /** Notes the origin a request came to (only a direct one: a proxy's public origin is the router's to work out). */
  seen(request: Request): void;
  /** Asks for each path once at the last origin seen, one after the other; resolves to how many were answered 200. */
  warm(): Promise<number>;
}

/** How `pageWarmer` asks and pauses. */
export interface PageWarmerOptions {
  paths?: readonly string[];
  /** Lets waiting requests run between two renderings (default: a macrotask, `setImmediate`). */
  pause?: () => Promise<void>;
  /** Whether to stop (the server is closing). */
  stopped?: () => boolean;
}

/**
 * After a pull, the router's memo of rendered answers holds nothing of the new snapshot, and
 * the next visitor of each page waited for it to be rendered (issue 42: 67-91 ms for the home
 * page at 10,000 players). The warmer asks the router in-process for the pages visitors meet
 * first, at the origin the last direct request came to (the memo is keyed by absolute URL), so
 * that rendering is done once, in the background, and visitors get it from the memo. A request
 * that arrives while its page renders shares that rendering (the router's in-flight map). The
 * in-process requests are not logged; they count as one client ("unknown") against the rate
 * limit. Until a request came directly (not through a proxy's X-Forwarded-Host or Forwarded),
 * it does nothing.
 *
 * @example
 * const warmer = pageWarmer((request) => router.fetch(request));
 * warmer.seen(request); // for each request served
 * await warmer.warm(); // after each pull
 */
export function pageWarmer(fetch: (request: Request) => Promise<Response>, options: PageWarmerOptions = {}): PageWarmer {
  const paths = options.paths ?? WARM_PATHS;
  const pause = options.pause ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  let origin: string | null = null;
  let warming: Promise<number> | null = null;
  /** A warming was asked for while one ran: another follows it (for the newer snapshot). */
  let again = false;
  async function warmAll(at: string): Promise<number> {
    let answered = 0;
    for (const path of paths) {
      if (options.stopped?.()) break;
      await pause();
      try {
        const response = await fetch(new Request(`${at}${path}`, { headers: { accept: 'text/html,*/*;q=0.8' } }));
        await response.arrayBuffer();
        if (response.status === 200) answered++;
      } catch {
        // A page that fails now fails for its visitor too, who is told why; nothing to do here.
      }
    }
    return answered;
  }
  return {
    seen(request) {
      if (request.method !== 'GET' || request.headers.has('x-forwarded-host') || request.headers.has('forwarded')) return;
      const url = request.url;
      const slash = url.indexOf('/', url.indexOf('//') + 2);
      origin = slash < 0 ? url : url.slice(0, slash);
    },
    warm() {
      if (origin === null) return Promise.resolve(0);
      if (warming !== null) {
        // One warming at a time; a pull that ended during one gets another after it.
        again = true;
        return warming;
      }
      const run = async (): Promise<number> => {
        let answered = 0;
        do {
          again = false;
          answered = await warmAll(origin!);
        } while (again && !options.stopped?.());
        return answered;
      };
      warming = run().finally(() => {
        warming = null;
      });
      return warming;
    },
  };
}
