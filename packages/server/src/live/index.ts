export type * from './types.js';
export { UnavailableError } from './UnavailableError.js';
export { textureUrls } from './textureUrls.js';
export { flattenMotd, stripLegacyCodes } from './flattenMotd.js';
export { parseAddress, type ServerAddress } from './parseAddress.js';
export { pingJava, type JavaPing, type PingJavaOptions } from './pingJava.js';
export { pingBedrock, parsePongText, type PingBedrockOptions } from './pingBedrock.js';
export { createStatusPinger, type StatusPingerOptions } from './createStatusPinger.js';
