import { h, type FunctionComponent } from 'preact';
import { renderToString } from 'preact-render-to-string';

/**
 * A pure component's markup, rendered once by preact-render-to-string (which escapes its text
 * and attributes as in any page) and kept by its props: the next render with equal props is a
 * lookup. For the parts a page repeats hundreds of times that read nothing but their props (a
 * stats page row's stat, a player's label): the first view after a pull then renders only what
 * changed. The component gets no page context (`usePage` throws), so everything it shows is in
 * the props, and the props (plain data: strings, numbers, booleans, null) are the key. At
 * `limit` kept markups the cache starts over, which bounds its memory.
 *
 * @example
 * const nameMarkup = keptMarkup(({ name }: { name: string }) => <b>{name}</b>, 100);
 * nameMarkup({ name: 'a&b' }); // '<b>a&amp;b</b>', rendered; the second call looks it up
 */
export function keptMarkup<P extends object>(component: FunctionComponent<P>, limit: number): (props: P) => string {
  const kept = new Map<string, string>();
  return (props) => {
    const key = JSON.stringify(props);
    let markup = kept.get(key);
    if (markup === undefined) {
      if (kept.size >= limit) kept.clear();
      kept.set(key, (markup = renderToString(h(component, props))));
    }
    return markup;
  };
}
