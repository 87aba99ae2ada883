import { usePage } from '../PageContext.js';

/**
 * The view of a network a search form keeps: a GET form replaces its action's query with its
 * fields, so one server's `server=<id>` travels as a hidden field. Nothing in the network view.
 */
export function ServerField() {
  const { network } = usePage();
  return network?.current ? <input type="hidden" name="server" value={network.current.id} /> : null;
}
