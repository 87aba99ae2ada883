/**
 * A PNG worker's message: `ready` once it has loaded the renderer (its time budget starts then),
 * then for each SVG the image or why it could not be rendered.
 */
export type PngWorkerReply =
  | { ready: true; png?: undefined; error?: undefined }
  | { png: Uint8Array; ready?: undefined; error?: undefined }
  | { error: string; ready?: undefined; png?: undefined };
