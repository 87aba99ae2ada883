/**
 * Headers every SVG response carries, besides the ETag, cache and rate-limit headers the router
 * adds. `nosniff` keeps browsers from reinterpreting the body; the Content-Security-Policy applies
 * when an SVG is opened directly as a document (not when embedded with `<img>`, where scripts never
 * run anyway): nothing may load or execute, and `sandbox` gives it an opaque origin. The images
 * need nothing more: they use presentation attributes, no `<style>`, no external reference.
 *
 * @example
 * return new Response(badge({ label: 'players', message: '3/20' }), { headers: { ...svgHeaders } });
 */
export const svgHeaders: Readonly<Record<'Content-Type' | 'X-Content-Type-Options' | 'Content-Security-Policy', string>> =
  Object.freeze({
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
