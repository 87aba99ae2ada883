export { run } from './run.js';
export { processIo, type CliIo, type CliStream } from './io.js';
export { CliError, EXIT } from './errors.js';
