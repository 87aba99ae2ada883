export type * from './types.js';
export { UnavailableError } from './UnavailableError.js';
export { textureUrls } from './textureUrls.js';
