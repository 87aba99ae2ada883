export { closedPort } from './closedPort.js';
export { fakeBedrockServer, type FakeBedrockServer, type FakeBedrockServerOptions } from './fakeBedrockServer.js';
export { fakeJavaServer, type FakeJavaMode, type FakeJavaServer, type FakeJavaServerOptions, type RecordedHandshake } from './fakeJavaServer.js';
export * from './samples.js';
