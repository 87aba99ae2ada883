export {};
export * from './live/index.js';
export * from './reference/index.js';
