export { closedPort } from './closedPort.js';
export { fakeBedrockServer, type FakeBedrockServer, type FakeBedrockServerOptions } from './fakeBedrockServer.js';
export { fakeJavaServer, type FakeJavaMode, type FakeJavaServer, type FakeJavaServerOptions, type RecordedHandshake } from './fakeJavaServer.js';
export * from './samples.js';
export { fakeModrinth, type FakeModrinth, type FakeModrinthMode, type FakeModrinthOptions, type RecordedModrinthRequest } from './fakeModrinth.js';
export { fakeSkinServices, type FakeSkinMode, type FakeSkinServices, type FakeSkinServicesOptions } from './fakeSkinServices.js';
