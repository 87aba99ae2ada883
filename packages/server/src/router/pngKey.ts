/**
 * The key a card's PNG is rendered and kept under (`PngRenderRequest.key`): a SHA-256 digest of
 * its SVG, which alone decides the pixels. A card that reads the same after a pull (most players'
 * cards, most boards) is then the PNG already rendered, not a new render for the new snapshot;
 * a card that changed in any way is another key. Web Crypto, as the router runs on every runtime.
 *
 * @example
 * await options.renderPng(card.svg, { key: await pngKey(card.svg), client });
 */
export async function pngKey(svg: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(svg)));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return `svg-sha256 ${hex}`;
}
