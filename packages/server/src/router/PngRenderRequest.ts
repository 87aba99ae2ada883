/**
 * What the router tells `RouterOptions.renderPng` besides the SVG, so a renderer can share work
 * and bound each client's share of it (the reference server's `createPngPool` does both).
 */
export interface PngRenderRequest {
  /**
   * Names the image: equal keys are the same pixels, however the URL spelled them (the routes
   * give the SVG's digest, `pngKey`: a card unchanged by a pull keeps its key).
   */
  key: string;
  /** Who asks: the rate limit's client key (the address, IPv6 per /64, proxies resolved). */
  client: string;
}
