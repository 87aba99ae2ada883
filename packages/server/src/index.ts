export {};
export * from './live/index.js';
