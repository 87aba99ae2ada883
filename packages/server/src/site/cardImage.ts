import type { PageContext } from './PageContext.js';

/**
 * A page's link preview: the absolute URL of its card's PNG (`/v1/card/player/<uuid>.png`) in
 * the page's language (`lang`, since a chat platform's crawler sends no Accept-Language), or
 * null where the server renders no PNG or absolute links are not safe.
 *
 * @example
 * cardImage(context, '/v1/card/hall-of-fame.png'); // 'https://mc.example/v1/card/hall-of-fame.png?lang=de' on a German page
 */
export function cardImage({ png, links, language }: Pick<PageContext, 'png' | 'links' | 'language'>, target: string): string | null {
  if (!png) return null;
  return links.absolute(language.tag === 'en' ? target : `${target}${target.includes('?') ? '&' : '?'}lang=${encodeURIComponent(language.tag)}`);
}
