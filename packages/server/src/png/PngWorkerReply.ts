/** A PNG worker's answer to one SVG: the image or why it could not be rendered. */
export type PngWorkerReply = { png: Uint8Array; error?: undefined } | { error: string; png?: undefined };
